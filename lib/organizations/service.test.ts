import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb, organizationChangeFeed } from '@/db/client';
import { organizations } from '@/db/schema';
import { testDatabaseTarget } from '@/test/database';
import { organizationSlugSchema } from './schemas';
import { cachedOrganizationBySlug, createOrganization, setCorsOrigins, updateOrganization } from './service';

describe('organizations', () => {
  it('derives unique slugs from names', async () => {
    const db = await getDb();
    const a = await createOrganization(db, { name: 'Café Jobs!' });
    const b = await createOrganization(db, { name: 'Cafe jobs' });
    expect(a.slug).toBe('cafe-jobs');
    expect(b.slug).toBe('cafe-jobs-2');
  });

  it('refuses an explicit slug that is taken, on create and on update', async () => {
    const db = await getDb();
    await createOrganization(db, { name: 'Taken', slug: 'taken' });
    await expect(createOrganization(db, { name: 'Other', slug: 'taken' })).rejects.toMatchObject({
      code: 'conflict',
    });
    const other = await createOrganization(db, { name: 'Other', slug: 'other' });
    await expect(updateOrganization(db, other.id, { name: 'Other', slug: 'taken' })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await updateOrganization(db, other.id, { name: 'Renamed', slug: 'renamed' })).slug).toBe(
      'renamed',
    );
  });

  it.each(['A', 'has space', '-lead', 'trail-', 'api', 'x'.repeat(49)])('rejects the slug %j', (slug) => {
    expect(organizationSlugSchema.safeParse(slug).success).toBe(false);
  });
});

describe.skipIf(testDatabaseTarget()?.driver === 'neon')('cachedOrganizationBySlug', () => {
  async function cachedOrganization(name: string) {
    const db = await getDb();
    const created = await createOrganization(db, { name });
    expect(await cachedOrganizationBySlug(db, created.slug)).toMatchObject({ id: created.id });
    await vi.waitFor(() => expect(organizationChangeFeed(db)?.live).toBe(true));
    expect(await cachedOrganizationBySlug(db, created.slug)).toMatchObject({ id: created.id });
    return { db, created };
  }

  it('answers from memory until the organization changes', async () => {
    const { db, created } = await cachedOrganization('Cached board');
    // With the trigger off, nothing tells the cache: it keeps the row it had.
    await db.execute(sql`alter table organizations disable trigger organizations_notify_change`);
    try {
      await db.update(organizations).set({ name: 'Quietly renamed' }).where(eq(organizations.id, created.id));
      expect((await cachedOrganizationBySlug(db, created.slug))?.name).toBe('Cached board');
    } finally {
      await db.execute(sql`alter table organizations enable trigger organizations_notify_change`);
    }
    await db.update(organizations).set({ name: 'Renamed aloud' }).where(eq(organizations.id, created.id));
    await vi.waitFor(async () =>
      expect((await cachedOrganizationBySlug(db, created.slug))?.name).toBe('Renamed aloud'),
    );
  });

  it('sees a change made by this process at once, and a slug that moved', async () => {
    const { db, created } = await cachedOrganization('Moving board');
    await setCorsOrigins(db, created.id, ['https://jobs.example']);
    expect((await cachedOrganizationBySlug(db, created.slug))?.corsOrigins).toEqual(['https://jobs.example']);
    await updateOrganization(db, created.id, { name: 'Moved board', slug: `${created.slug}-moved` });
    expect(await cachedOrganizationBySlug(db, created.slug)).toBeUndefined();
    expect(await cachedOrganizationBySlug(db, `${created.slug}-moved`)).toMatchObject({ id: created.id });
  });
});
