import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizationSlugSchema } from './schemas';
import { createOrganization, updateOrganization } from './service';

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
