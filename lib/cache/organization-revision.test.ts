import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizations, revisionBumps } from '@/db/schema';
import { createAuthor, updateAuthor } from '@/lib/authors/service';
import { transaction } from '@/lib/core/transaction';
import { createJob } from '@/lib/jobs';
import { createJobBodySchema } from '@/lib/jobs/schemas';
import { createPageBodySchema } from '@/lib/pages/schemas';
import { createPage, deletePage } from '@/lib/pages/service';
import { testDatabaseTarget } from '@/test/database';
import { createTenant } from '@/test/factories';
import { eventsCollection, postItem, upsertCollection } from '@/test/fixtures/cms';
import { bumpRevision } from './organization-revision';

async function revisionOf(orgId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  return row!.revision;
}

describe('the organization revision', () => {
  it('moves with every write to what the API lists and the board shows', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    let revision = await revisionOf(orgId);
    const expectBumped = async () => {
      const now = await revisionOf(orgId);
      expect(now).toBeGreaterThan(revision);
      revision = now;
    };

    await createJob(
      db,
      orgId,
      createJobBodySchema.parse({ title: 'Editor', description: 'Edit.', company_name: 'Acme' }),
    );
    await expectBumped();
    const { page } = await createPage(
      db,
      orgId,
      createPageBodySchema.parse({ kind: 'page', title: 'About', content: '<p>Hi</p>' }),
    );
    await expectBumped();
    await deletePage(db, orgId, page.id);
    await expectBumped();
    const author = await createAuthor(db, orgId, { name: 'Ada' });
    await updateAuthor(db, orgId, author.id, { name: 'Ada L.' });
    await expectBumped();
  });

  it('moves with CMS collection and item writes', async () => {
    const { key, organization } = await createTenant();
    const before = await revisionOf(organization.id);
    expect((await upsertCollection(key, eventsCollection)).status).toBe(201);
    const afterCollection = await revisionOf(organization.id);
    expect(afterCollection).toBeGreaterThan(before);
    expect((await postItem(key, 'events', { data: { title: 'Meetup' } })).status).toBe(201);
    expect(await revisionOf(organization.id)).toBeGreaterThan(afterCollection);
  });

  it('moves once per transaction, as it commits, and leaves no bump rows behind', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const before = await revisionOf(organization.id);
    await transaction(db, async (tx) => {
      await bumpRevision(tx, organization.id);
      await bumpRevision(tx, organization.id);
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, organization.id));
      expect(row!.revision).toBe(before);
    });
    expect(await revisionOf(organization.id)).toBe(before + 1);
    expect(await db.select().from(revisionBumps)).toEqual([]);
  });

  // PGlite runs one transaction at a time; the server database shows whether writes queue.
  it.skipIf(!testDatabaseTarget())(
    'does not make concurrent writes of one organization wait for each other',
    async () => {
      const db = await getDb();
      const { organization } = await createTenant();
      const before = await revisionOf(organization.id);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let bumped!: () => void;
      const firstBumped = new Promise<void>((resolve) => {
        bumped = resolve;
      });
      const first = transaction(db, async (tx) => {
        await bumpRevision(tx, organization.id);
        bumped();
        await held;
      });
      await firstBumped;
      // Before, this waited for the first transaction's lock on the organization's row.
      await transaction(db, (tx) => bumpRevision(tx, organization.id));
      expect(await revisionOf(organization.id)).toBe(before + 1);
      release();
      await first;
      expect(await revisionOf(organization.id)).toBe(before + 2);
    },
  );

  it('does not move when the write rolls back', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const before = await revisionOf(organization.id);
    await expect(
      transaction(db, async (tx) => {
        await bumpRevision(tx, organization.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await revisionOf(organization.id)).toBe(before);
  });
});
