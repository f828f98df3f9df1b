'use client';

import type { Editor, JSONContent } from '@tiptap/react';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RichTextEditor } from '@/components/editor/rich-text-editor';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { SavedWarnings } from '@/components/ui/saved-warnings';
import { useLeaveWarning } from '@/components/ui/use-leave-warning';
import type { AuthorOut } from '@/lib/authors/schemas';
import type { PageKind, PageOut, PageStatus } from '@/lib/pages/schemas';
import { deletePageAction, savePageAction } from './actions';
import { kindCopy } from './labels';
import {
  createBody,
  emptyFields,
  fieldsFromPage,
  type PageFields,
  type SavedPage,
  updateBody,
} from './page-form';
import { Preview } from './page-preview';
import { PageSettings } from './page-settings';
import { PageStatusBar, type SaveState } from './page-status-bar';
import type { SavePageResult } from './service-errors';

/** Edits stop for this long before a draft saves itself. */
const AUTOSAVE_DELAY_MS = 1500;

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
  useLeaveWarning(dirty);

  const setField = (name: keyof PageFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (saveState === 'failed') setSaveState('idle');
  };
  const errors = result.fieldErrors ?? {};

  return (
    <div className="grid gap-4">
      <PageStatusBar
        page={page}
        status={status}
        saveState={saveState}
        dirty={dirty}
        onSave={(next) => void save(next)}
      />
      <FormError message={result.error} fieldErrors={result.fieldErrors} attempt={result} />
      <SavedWarnings warnings={result.warnings} testId="content-warnings" />

      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <div className="grid min-w-0 content-start gap-4">
          <TextField
            name="title"
            label="Title"
            required
            value={fields.title}
            onChange={(event) => setField('title')(event.target.value)}
            // The editor is no <form> (its panels hold forms of their own): Enter saves, as in a form.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void save();
              }
            }}
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
                    // The ring drawn inside: the card clips whatever is drawn outside its edge.
                    '-mb-px border-b-2 px-4 py-2 font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
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

        <PageSettings
          page={page}
          kind={kind}
          fields={fields}
          errors={errors}
          authors={authors}
          baseUrl={baseUrl}
          setField={setField}
          onDelete={async (current) => {
            const answer = await deletePageAction(current.id);
            if (answer.error) setResult({ error: answer.error });
            else {
              // Nothing left to save: leave without the unsaved-changes prompt.
              saved.current = null;
              router.push(copy.listPath);
            }
          }}
        />
      </div>
    </div>
  );
}
