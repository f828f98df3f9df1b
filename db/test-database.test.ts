// Each test file gets a database as migrated and nothing more (test/database.ts): on PGlite an
// emptied one a previous file handed back, on a server a new copy of the template.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '@/lib/core/transaction';
import { openTestDatabase } from '@/test/database';
import { organizations } from './schema';

describe('test databases', () => {
  it('start without the rows an earlier file wrote, identities from 1', async () => {
    const first = await openTestDatabase();
    await first.db.insert(organizations).values([
      { name: 'One', slug: 'one' },
      { name: 'Two', slug: 'two' },
    ]);
    await first.close();

    const next = await openTestDatabase();
    try {
      expect(await next.db.select().from(organizations)).toEqual([]);
      const [created] = await next.db
        .insert(organizations)
        .values({ name: 'Three', slug: 'three' })
        .returning({ id: organizations.id });
      expect(created?.id).toBe(1);
    } finally {
      await next.close();
    }
  });

  it('start without the schema changes or session settings an earlier file made', async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`CREATE TABLE leftover (id int)`);
    await first.db.execute(sql`SET TIME ZONE 'Asia/Tokyo'`);
    await first.close();

    const next = await openTestDatabase();
    try {
      const rows = await executeRows<{ table: string | null; zone: string }>(
        next.db,
        sql`SELECT to_regclass('leftover')::text AS table, current_setting('TimeZone') AS zone`,
      );
      expect(rows[0]?.table).toBeNull();
      expect(rows[0]?.zone).not.toBe('Asia/Tokyo');
    } finally {
      await next.close();
    }
  });
});
