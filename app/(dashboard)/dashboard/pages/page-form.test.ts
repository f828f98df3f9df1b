import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createAuthor } from '@/lib/authors/service';
import { createPageBodySchema, updatePageBodySchema } from '@/lib/pages/schemas';
import { createPage, getPage, updatePage } from '@/lib/pages/service';
import { createTenant } from '@/test/factories';
import { createBody, emptyFields, fieldsFromPage, type SavedPage, updateBody } from './page-form';
import { saveErrors } from './service-errors';

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** Saves what the editor would send for a new page, as the server action does. */
async function createFromEditor(orgId: number, title: string, extra: Partial<typeof emptyFields> = {}) {
  const body = createBody({ ...emptyFields, title, ...extra }, 'blog_post', 'draft', doc('Hello'));
  return createPage(await getDb(), orgId, createPageBodySchema.parse(body));
}

describe('the page editor’s bodies', () => {
  it('leaves blank fields out of a new page so the API fills them in', async () => {
    const { organization } = await createTenant();
    const body = createBody({ ...emptyFields, title: 'Hiring at Acme' }, 'blog_post', 'draft', doc('Hello'));
    expect(body).toEqual({
      title: 'Hiring at Acme',
      kind: 'blog_post',
      status: 'draft',
      content: doc('Hello'),
    });
    const { page } = await createFromEditor(organization.id, 'Hiring at Acme');
    expect(page).toMatchObject({ slug: 'hiring-at-acme', meta_title: 'Hiring at Acme', status: 'draft' });
  });

  it('marks a post members-only and back, as a boolean the API takes', async () => {
    const { organization } = await createTenant();
    const { page } = await createFromEditor(organization.id, 'Salary guide', { members_only: 'yes' });
    expect(page.members_only).toBe(true);
    const saved: SavedPage = {
      fields: fieldsFromPage(page),
      status: page.status,
      content: JSON.stringify(page.content),
    };
    expect(saved.fields.members_only).toBe('yes');
    const body = updateBody(saved, { ...saved.fields, members_only: '' }, page.status, page.content);
    expect(body).toEqual({ members_only: false });
    const updated = await updatePage(
      await getDb(),
      organization.id,
      page.id,
      updatePageBodySchema.parse(body),
    );
    expect(updated.page.members_only).toBe(false);
  });

  it('sends only what changed since the last save, and nothing when nothing did', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const author = await createAuthor(db, organization.id, { name: 'Ada' });
    const { page } = await createFromEditor(organization.id, 'Hiring at Acme');
    const saved: SavedPage = {
      fields: fieldsFromPage(page),
      status: page.status,
      content: JSON.stringify(page.content),
    };

    expect(updateBody(saved, saved.fields, 'draft', page.content)).toEqual({});

    const fields = { ...saved.fields, title: 'Hiring at Acme, 2026', author_id: author.id, cover_image: ' ' };
    const body = updateBody(saved, fields, 'published', doc('Hello again'));
    expect(body).toEqual({
      title: 'Hiring at Acme, 2026',
      author_id: author.id,
      status: 'published',
      content: doc('Hello again'),
    });
    const { page: updated } = await updatePage(
      db,
      organization.id,
      page.id,
      updatePageBodySchema.parse(body),
    );
    // The slug was not sent, so it stays; the meta title was never set, so it follows the title.
    expect(updated).toMatchObject({
      slug: 'hiring-at-acme',
      meta_title: 'Hiring at Acme, 2026',
      author_id: author.id,
      status: 'published',
    });
    expect(updated.published_at).not.toBeNull();
  });

  it('shows a defaulted meta title as blank, and a cleared field is sent as null', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const { page } = await createFromEditor(organization.id, 'About', { meta_title: 'About Acme' });
    expect(fieldsFromPage(page).meta_title).toBe('About Acme');
    const saved: SavedPage = {
      fields: fieldsFromPage(page),
      status: page.status,
      content: JSON.stringify(page.content),
    };
    const body = updateBody(saved, { ...saved.fields, meta_title: '' }, 'draft', page.content);
    expect(body).toEqual({ meta_title: null });
    await updatePage(db, organization.id, page.id, updatePageBodySchema.parse(body));
    const reloaded = await getPage(db, organization.id, page.id);
    expect(reloaded.meta_title).toBe('About');
    expect(fieldsFromPage(reloaded).meta_title).toBe('');
  });

  it('maps a slug already in use to the slug field', async () => {
    const { organization } = await createTenant();
    await createFromEditor(organization.id, 'Culture');
    const refused = await createFromEditor(organization.id, 'Our culture', { slug: 'culture' }).catch(
      saveErrors,
    );
    expect(refused).toMatchObject({ fieldErrors: { slug: expect.stringContaining('culture') } });
  });

  it('maps an author of another organization to the author field', async () => {
    const [{ organization }, other] = await Promise.all([createTenant(), createTenant()]);
    const stranger = await createAuthor(await getDb(), other.organization.id, { name: 'Stranger' });
    const refused = await createFromEditor(organization.id, 'Post', { author_id: stranger.id }).catch(
      saveErrors,
    );
    expect(refused).toMatchObject({ fieldErrors: { author_id: expect.stringContaining('No author') } });
  });
});
