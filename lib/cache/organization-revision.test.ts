import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizations } from '@/db/schema';
import { createAuthor, updateAuthor } from '@/lib/authors/service';
import { transaction } from '@/lib/core/transaction';
import { createJob } from '@/lib/jobs';
import { createJobBodySchema } from '@/lib/jobs/schemas';
import { createPageBodySchema } from '@/lib/pages/schemas';
import { createPage, deletePage } from '@/lib/pages/service';
import { createTenant } from '@/test/factories';
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
