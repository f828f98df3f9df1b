'use client';

import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { AuthorOut } from '@/lib/authors/schemas';
import type { PageKind, PageOut } from '@/lib/pages/schemas';
import { ImageUrlField } from '../media/image-url-field';
import { kindCopy } from './labels';
import type { PageFields } from './page-form';

/** Beside the editor: where the page lives (slug, author, cover), what search engines see, and Delete. */
export function PageSettings({
  page,
  kind,
  fields,
  errors,
  authors,
  baseUrl,
  setField,
  onDelete,
}: {
  /** The saved page; absent for a new one. */
  page?: PageOut;
  kind: PageKind;
  fields: PageFields;
  errors: Record<string, string>;
  authors: AuthorOut[];
  baseUrl: string;
  setField: (name: keyof PageFields) => (value: string) => void;
  onDelete: (page: PageOut) => Promise<void>;
}) {
  const copy = kindCopy[kind];
  const slugPreview = `${baseUrl.replace(/\/+$/, '')}${kind === 'blog_post' ? '/blog' : ''}/${fields.slug.trim() || '…'}`;
  return (
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
                <a href="/dashboard/authors" className="text-link">
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
        {kind === 'blog_post' ? (
          <div className="flex items-start gap-2">
            <input
              id="members_only"
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={fields.members_only === 'yes'}
              onChange={(event) => setField('members_only')(event.target.checked ? 'yes' : '')}
              aria-describedby="members_only-hint"
            />
            <div>
              <label htmlFor="members_only" className="text-sm font-medium">
                Members only
              </label>
              <p id="members_only-hint" className="text-sm text-muted-foreground">
                Readers without a paywall subscription see the opening and a call to subscribe, when the
                paywall gates members-only posts (Settings, Payments).
              </p>
            </div>
          </div>
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
            onConfirm={() => onDelete(page)}
          />
        </div>
      ) : null}
    </aside>
  );
}
