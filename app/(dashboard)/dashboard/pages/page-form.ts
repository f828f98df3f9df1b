import type { PageKind, PageOut, PageStatus } from '@/lib/pages/schemas';

/** The editor's text fields as the inputs hold them: blank means "not set". */
export interface PageFields {
  title: string;
  slug: string;
  meta_title: string;
  meta_description: string;
  cover_image: string;
  author_id: string;
  /** Blog posts: `yes` when only paywall subscribers read it in full. */
  members_only: '' | 'yes';
}

/** What the editor last saved (or loaded): fields, status and the document as JSON text. */
export interface SavedPage {
  fields: PageFields;
  status: PageStatus;
  content: string;
}

export const pageFieldNames = [
  'title',
  'slug',
  'meta_title',
  'meta_description',
  'cover_image',
  'author_id',
  'members_only',
] as const satisfies readonly (keyof PageFields)[];

export const emptyFields: PageFields = {
  title: '',
  slug: '',
  meta_title: '',
  meta_description: '',
  cover_image: '',
  author_id: '',
  members_only: '',
};

/**
 * A loaded page as field values. The API answers `meta_title` with the title when none is stored;
 * a blank field says the same and keeps following the title when it is renamed.
 */
export function fieldsFromPage(page: PageOut): PageFields {
  return {
    title: page.title,
    slug: page.slug,
    meta_title: page.meta_title === page.title ? '' : page.meta_title,
    meta_description: page.meta_description,
    cover_image: page.cover_image ?? '',
    author_id: page.author_id ?? '',
    members_only: page.members_only ? 'yes' : '',
  };
}

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

/** A field's value as the API takes it: members_only is a boolean, the rest text or null. */
const apiValue = (name: keyof PageFields, value: string) =>
  name === 'members_only' ? value === 'yes' : blankToNull(value);

/** The POST body of a new page: blank optional fields are left out so the API's defaults apply. */
export function createBody(
  fields: PageFields,
  kind: PageKind,
  status: 'draft' | 'published',
  content: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { title: fields.title, kind, status, content };
  for (const name of pageFieldNames) {
    if (name === 'title') continue;
    const value = apiValue(name, fields[name]);
    if (value !== null && value !== false) body[name] = value;
  }
  return body;
}

/**
 * The PATCH body: only what differs from the last save, so an autosave never rewrites fields the
 * owner did not touch (and never re-sends an unchanged slug). A cleared field is sent as null.
 */
export function updateBody(
  saved: SavedPage,
  fields: PageFields,
  status: PageStatus,
  content: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of pageFieldNames) {
    if (fields[name].trim() === saved.fields[name].trim()) continue;
    body[name] = name === 'title' || name === 'slug' ? fields[name].trim() : apiValue(name, fields[name]);
  }
  if (status !== saved.status) body.status = status;
  if (JSON.stringify(content) !== saved.content) body.content = content;
  return body;
}
