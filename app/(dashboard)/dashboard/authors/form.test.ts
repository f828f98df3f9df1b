import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createAuthorBodySchema, updateAuthorBodySchema } from '@/lib/authors/schemas';
import { createAuthor, deleteAuthor, listAuthors, updateAuthor } from '@/lib/authors/service';
import { AppError } from '@/lib/core/errors';
import { createPage } from '@/lib/pages/service';
import { createTenant } from '@/test/factories';
import { authorBodyFromForm } from './form';
import { pageCountsByAuthor } from './queries';

describe('the authors manager', () => {
  it('adds an author without a picture and clears one with a blank field', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const body = createAuthorBodySchema.parse(authorBodyFromForm({ name: ' Ada ', avatar_url: '  ' }));
    const author = await createAuthor(db, organization.id, body);
    expect(author).toMatchObject({ name: 'Ada', avatar_url: null });
    await updateAuthor(db, organization.id, author.id, { avatar_url: 'https://cdn.example.com/ada.png' });
    const cleared = updateAuthorBodySchema.parse(authorBodyFromForm({ name: 'Ada L.', avatar_url: '' }));
    expect(await updateAuthor(db, organization.id, author.id, cleared)).toMatchObject({
      name: 'Ada L.',
      avatar_url: null,
    });
  });

  it('refuses a picture that is not an http(s) URL', () => {
    const parsed = createAuthorBodySchema.safeParse(
      authorBodyFromForm({ name: 'Ada', avatar_url: 'javascript:alert(1)' }),
    );
    expect(parsed.success).toBe(false);
  });

  it('counts each author’s pages, refuses to delete one in use, and reassigns on request', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const [ada, grace] = [
      await createAuthor(db, organization.id, { name: 'Ada' }),
      await createAuthor(db, organization.id, { name: 'Grace' }),
    ];
    for (const title of ['One', 'Two'])
      await createPage(db, organization.id, {
        title,
        kind: 'blog_post',
        status: 'draft',
        author_id: ada.id,
      });
    expect(await pageCountsByAuthor(db, organization.id)).toEqual(new Map([[ada.id, 2]]));

    const refused = await deleteAuthor(db, organization.id, ada.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('conflict');

    await deleteAuthor(db, organization.id, ada.id, { reassignTo: grace.id });
    expect(await pageCountsByAuthor(db, organization.id)).toEqual(new Map([[grace.id, 2]]));
    expect((await listAuthors(db, organization.id)).map((author) => author.name)).toEqual(['Grace']);
  });
});
