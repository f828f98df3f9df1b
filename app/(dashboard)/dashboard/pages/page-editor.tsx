'use client';

import type { Editor, JSONContent } from '@tiptap/react';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { boardProseClass } from '@/components/editor/board-prose';
import { RichTextEditor } from '@/components/editor/rich-text-editor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { AuthorOut } from '@/lib/authors/schemas';
import type { PageKind, PageOut, PageStatus } from '@/lib/pages/schemas';
import { ImageUrlField } from '../media/image-url-field';
import { deletePageAction, savePageAction } from './actions';
import { kindCopy, PageStatusBadge } from './labels';
import {
  createBody,
  emptyFields,
  fieldsFromPage,
  type PageFields,
  type SavedPage,
  updateBody,
} from './page-form';
import type { SavePageResult } from './service-errors';

/** Edits stop for this long before a draft saves itself. */
const AUTOSAVE_DELAY_MS = 1500;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

const emptyDoc: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

export function PageEditor({
  page: loaded,
  kind: newKind,
  authors,
  baseUrl,
}: {
  /** The page being edited; absent for a new one. */
  page?: PageOut;
  kind: PageKind;
  authors: AuthorOut[];
  baseUrl: string;
}) {
  const router = useRouter();
  const [page, setPage] = useState(loaded);
  const kind = page?.type ?? newKind;
  const copy = kindCopy[kind];
  const [fields, setFields] = useState<PageFields>(loaded ? fieldsFromPage(loaded) : emptyFields);
  const [status, setStatus] = useState<PageStatus>(loaded?.status ?? 'draft');
  const saved = useRef<SavedPage | null>(
    loaded
      ? { fields: fieldsFromPage(loaded), status: loaded.status, content: JSON.stringify(loaded.content) }
      : null,
  );
  const [result, setResult] = useState<SavePageResult>({});
  const [saveState, setSaveState] = useState<SaveState>('idle');
  // Counts changes in the editor: re-renders so `dirty` is recomputed, and restarts the autosave timer.
  const [edits, setEdits] = useState(0);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const saving = useRef(false);

  // Set by the editor once it exists in the browser: saving and the dirty check read its document.
  const [editor, setEditor] = useState<Editor | null>(null);

  const dirty = (() => {
    if (!editor) return false;
    if (!saved.current) return fields.title.trim() !== '' || !editor.isEmpty;
    return Object.keys(updateBody(saved.current, fields, status, editor.getJSON())).length > 0;
  })();

  const save = useCallback(
    async (nextStatus: PageStatus = status) => {
      if (!editor || saving.current) return;
      saving.current = true;
      setSaveState('saving');
      // ProseMirror keeps attributes in prototype-less objects, which a server action receives as opaque
      // references (`$T`) instead of data: send a plain copy.
      const content = JSON.parse(JSON.stringify(editor.getJSON())) as JSONContent;
      const sent = { fields, status: nextStatus, content: JSON.stringify(content) };
      const body = saved.current
        ? updateBody(saved.current, fields, nextStatus, content)
        : createBody(fields, kind, nextStatus === 'published' ? 'published' : 'draft', content);
      try {
        const answer =
          page && Object.keys(body).length === 0 ? { page } : await savePageAction(page?.id ?? null, body);
        setResult(answer);
        if (!answer.page) {
          setSaveState('failed');
          return;
        }
        const fresh = answer.page;
        // The API fills in what was left blank (the slug of a new page); show it, and count it as saved.
        const filled = { ...sent.fields, slug: fresh.slug };
        saved.current = { ...sent, fields: filled };
        setFields((current) => (current.slug.trim() ? current : { ...current, slug: fresh.slug }));
        setStatus(fresh.status);
        setPage(fresh);
        setSaveState('saved');
        // A new page moves to its own address once, right after this explicit first save: the action's
        // revalidation re-renders that route, and doing so later would remount the editor mid-sentence.
        if (!page) router.replace(`${copy.listPath}/${fresh.id}`);
      } catch {
        setResult({ error: 'The page could not be saved. Check your connection and try again.' });
        setSaveState('failed');
      } finally {
        saving.current = false;
      }
    },
    [editor, fields, kind, page, status, copy.listPath, router],
  );

  // Drafts save themselves once edits pause; a published page changes only on "Update".
  // biome-ignore lint/correctness/useExhaustiveDependencies: `edits` restarts the timer on every keystroke.
  useEffect(() => {
    if (!page || status !== 'draft' || !dirty || saveState === 'saving' || saveState === 'failed') return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [page, status, dirty, saveState, save, edits]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const setField = (name: keyof PageFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (saveState === 'failed') setSaveState('idle');
  };
  const errors = result.fieldErrors ?? {};
  const slugPreview = `${baseUrl.replace(/\/+$/, '')}${kind === 'blog_post' ? '/blog' : ''}/${fields.slug.trim() || '…'}`;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <PageStatusBadge status={status} />
          <span data-testid="save-state" aria-live="polite">
            {saveState === 'saving'
              ? 'Saving…'
              : dirty
                ? status === 'draft' && page
                  ? 'Unsaved changes (saves automatically)'
                  : 'Unsaved changes'
                : saveState === 'saved'
                  ? 'Saved'
                  : page
                    ? 'All changes saved'
                    : 'Not saved yet'}
          </span>
          {page?.status === 'published' ? (
            <a href={page.url} target="_blank" rel="noreferrer" className="text-primary hover:underline">
              View on the board
            </a>
          ) : null}
        </div>
        <StatusActions
          status={status}
          isNew={!page}
          busy={saveState === 'saving'}
          canSave={dirty}
          onSave={(next) => void save(next)}
        />
      </div>
      {result.error ? <Alert>{result.error}</Alert> : null}
      {result.warnings?.length ? (
        <Alert className="border-amber-300 bg-amber-50 text-amber-900" data-testid="content-warnings">
          <p className="font-medium">Saved, with a note:</p>
          <ul className="mt-1 list-disc pl-5">
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <div className="grid min-w-0 content-start gap-4">
          <TextField
            name="title"
            label="Title"
            value={fields.title}
            onChange={(event) => setField('title')(event.target.value)}
            error={errors.title}
            placeholder={kind === 'blog_post' ? 'How we hire engineers' : 'About us'}
            className="h-11 text-lg font-medium"
          />
          <Card className="overflow-hidden">
            <div className="flex border-b border-border text-sm" role="tablist" aria-label="Editor view">
              {(['write', 'preview'] as const).map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  aria-selected={tab === name}
                  onClick={() => setTab(name)}
                  className={cn(
                    '-mb-px border-b-2 px-4 py-2 font-medium',
                    tab === name ? 'border-primary text-primary' : 'border-transparent text-muted-foreground',
                  )}
                >
                  {name === 'write' ? 'Write' : 'Preview'}
                </button>
              ))}
            </div>
            <div hidden={tab !== 'write'}>
              <RichTextEditor
                variant="document"
                label="Content"
                testId="content-editor"
                value={(loaded?.content as JSONContent | undefined) ?? emptyDoc}
                invalid={!!errors.content}
                describedBy={errors.content ? 'content-error' : undefined}
                onReady={setEditor}
                onChange={() => {
                  setEdits((count) => count + 1);
                  setSaveState((state) => (state === 'failed' ? 'idle' : state));
                }}
              />
              {errors.content ? (
                <p id="content-error" className="px-6 pb-3 text-xs text-destructive">
                  {errors.content}
                </p>
              ) : null}
            </div>
            {tab === 'preview' ? <Preview page={page} dirty={dirty} /> : null}
          </Card>
        </div>

        <aside className="grid content-start gap-4">
          <Card className="grid gap-4 p-4">
            {page ? (
              <p className="text-sm">
                <span className="text-muted-foreground">Type: </span>
                {kind === 'blog_post' ? 'Blog post' : 'Page'}
              </p>
            ) : null}
            <TextField
              name="slug"
              label="Slug"
              value={fields.slug}
              onChange={(event) => setField('slug')(event.target.value)}
              error={errors.slug}
              placeholder="made from the title"
              hint={<span className="break-all">{slugPreview}</span>}
            />
            {kind === 'blog_post' ? (
              <Field
                id="author_id"
                label="Author"
                error={errors.author_id}
                hint={
                  authors.length === 0 ? (
                    <a href="/dashboard/authors" className="text-primary hover:underline">
                      Add an author first
                    </a>
                  ) : undefined
                }
              >
                <Select
                  id="author_id"
                  value={fields.author_id}
                  onChange={(event) => setField('author_id')(event.target.value)}
                >
                  <option value="">No author</option>
                  {authors.map((author) => (
                    <option key={author.id} value={author.id}>
                      {author.name}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : null}
            <ImageUrlField
              name="cover_image"
              label="Cover image URL"
              value={fields.cover_image}
              onChange={setField('cover_image')}
              error={errors.cover_image}
              hint="Also the image shown when the page is shared."
            />
          </Card>
          <Card className="grid gap-4 p-4">
            <p className="text-sm font-medium">Search engines</p>
            <TextField
              name="meta_title"
              label="Meta title"
              value={fields.meta_title}
              onChange={(event) => setField('meta_title')(event.target.value)}
              error={errors.meta_title}
              placeholder={fields.title || 'Defaults to the title'}
              hint="Leave blank to use the title."
            />
            <Field
              id="meta_description"
              label="Meta description"
              error={errors.meta_description}
              hint={
                kind === 'blog_post'
                  ? 'Also the summary on the blog’s list. Blank: the first paragraph.'
                  : 'Blank: the first paragraph.'
              }
            >
              <Textarea
                id="meta_description"
                rows={4}
                value={fields.meta_description}
                onChange={(event) => setField('meta_description')(event.target.value)}
              />
            </Field>
          </Card>
          {page ? (
            <div className="flex justify-end">
              <ConfirmDialog
                trigger={`Delete ${copy.one}`}
                title={`Delete “${page.title}”?`}
                description={`The ${copy.one} disappears from the board and from the API. This cannot be undone.`}
                confirmLabel={`Delete ${copy.one}`}
                pendingLabel="Deleting…"
                onConfirm={async () => {
                  const answer = await deletePageAction(page.id);
                  if (answer.error) setResult({ error: answer.error });
                  else {
                    // Nothing left to save: leave without the unsaved-changes prompt.
                    saved.current = null;
                    router.push(copy.listPath);
                  }
                }}
              />
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** The buttons that save and move the page between draft, published and archived. */
function StatusActions({
  status,
  isNew,
  busy,
  canSave,
  onSave,
}: {
  status: PageStatus;
  isNew: boolean;
  busy: boolean;
  canSave: boolean;
  onSave: (status: PageStatus) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'draft' ? (
        <>
          {isNew ? null : (
            <Button variant="ghost" disabled={busy} onClick={() => onSave('archived')}>
              Archive
            </Button>
          )}
          <Button variant="outline" disabled={busy || !canSave} onClick={() => onSave('draft')}>
            Save draft
          </Button>
          <Button disabled={busy} onClick={() => onSave('published')}>
            Publish
          </Button>
        </>
      ) : status === 'published' ? (
        <>
          <Button variant="ghost" disabled={busy} onClick={() => onSave('archived')}>
            Archive
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => onSave('draft')}>
            Unpublish
          </Button>
          <Button disabled={busy || !canSave} onClick={() => onSave('published')}>
            Update
          </Button>
        </>
      ) : (
        <>
          <Button variant="outline" disabled={busy} onClick={() => onSave('draft')}>
            Move to drafts
          </Button>
          <Button disabled={busy} onClick={() => onSave('published')}>
            Publish
          </Button>
        </>
      )}
    </div>
  );
}

/** The last saved `content_html`, in the same typography the board uses. */
function Preview({ page, dirty }: { page?: PageOut; dirty: boolean }) {
  if (!page)
    return (
      <p className="px-6 py-12 text-center text-sm text-muted-foreground">Save once to see the preview.</p>
    );
  return (
    <div data-testid="preview">
      {dirty ? (
        <p className="border-b border-border bg-amber-50 px-6 py-2 text-xs text-amber-900">
          Showing the last saved version; recent edits appear once they are saved.
        </p>
      ) : null}
      <article className="px-6 py-6">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{page.title}</h1>
        {page.cover_image ? (
          // biome-ignore lint/performance/noImgElement: any http(s) host may serve the cover, as on the board
          <img src={page.cover_image} alt="" className="mb-6 w-full rounded-md object-cover" />
        ) : null}
        {/* Sanitized by the content pipeline on save: the same HTML the board renders. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side, see above */}
        <div className={boardProseClass} dangerouslySetInnerHTML={{ __html: page.content_html }} />
      </article>
    </div>
  );
}
