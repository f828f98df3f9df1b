// Totals carried across job writes (issue 35): after each kind of write, the total a list answers
// is the total counting every match gives, whether the write touched the list's filters or not; job
// writes move it from the revision log, any other write has it counted again.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizations } from '@/db/schema';
import { upsertCategory } from '@/lib/categories/service';
import { createTenant } from '@/test/factories';
import { countStatements } from '@/test/statement-count';
import { listJobs } from './queries';
import type { CreateJobInput, ListJobsQuery } from './schemas';
import { createJob, deleteJob, updateJob } from './writes';

let orgId: number;

const job = (title: string, extra: Partial<CreateJobInput> = {}) =>
  ({ title, description: 'A role.', company_name: 'Acme', ...extra }) as CreateJobInput;

async function revisionKey() {
  const db = await getDb();
  const [row] = await db
    .select({ id: organizations.id, revision: organizations.revision })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row!;
}

/** The list's total as answered (cached and carried), and how it was had: carried, counted or hit. */
async function answeredTotal(query: ListJobsQuery) {
  const db = await getDb();
  let total = 0;
  const statements = await countStatements(db, async () => {
    total = (await listJobs(db, await revisionKey(), { ...query, per_page: 2, page: 1 })).total;
  });
  const carried = statements.some((text) => text.includes('revision_log'));
  // A search page counts its tiers' rows too (lib/jobs/search.ts): that is not a total.
  const counted = statements.some(
    (text) => /count\(/i.test(text) && !text.includes('revision_log') && !text.includes('search_page'),
  );
  const how = counted ? 'counted' : carried ? 'carried' : 'hit';
  return { total, how };
}

/** The same total counted from scratch: a query no cache has seen. */
async function countedTotal(query: ListJobsQuery) {
  const db = await getDb();
  const fresh = { ...query, per_page: 2 + Math.floor(Math.random() * 1000) + 3, page: 100_000 };
  return (await listJobs(db, await revisionKey(), fresh)).total;
}

const python: ListJobsQuery = { search: 'python' } as ListJobsQuery;
const engineering: ListJobsQuery = { categories: ['Engineering'] } as ListJobsQuery;
const active: ListJobsQuery = { status: 'active' } as ListJobsQuery;

describe('job totals carried across writes', () => {
  let ids: Record<string, string>;
  beforeEach(async () => {
    orgId = (await createTenant()).organization.id;
    const db = await getDb();
    ids = {};
    for (const [key, input] of [
      ['py1', job('Python Developer', { category: 'Engineering' })],
      ['py2', job('Senior Python Engineer')],
      ['py3', job('Python Data Analyst', { category: 'Data' })],
      ['go1', job('Go Developer', { category: 'Engineering' })],
      ['go2', job('Rust Developer', { category: 'Engineering' })],
    ] as const) {
      ids[key] = (await createJob(db, orgId, input)).id;
    }
    for (const query of [python, engineering, active])
      expect((await answeredTotal(query)).how).toBe('counted');
  });

  async function expectCarried(query: ListJobsQuery, expected: number) {
    const answered = await answeredTotal(query);
    expect(answered).toEqual({ total: expected, how: 'carried' });
    expect(await countedTotal(query)).toBe(expected);
  }

  it('keeps a total when a job that matches neither before nor after is written', async () => {
    const db = await getDb();
    await createJob(db, orgId, job('Accountant'));
    await updateJob(db, orgId, ids.go1!, { title: 'Go Platform Developer' });
    await expectCarried(python, 3);
  });

  it('adds a job that matches after its write, and takes away one that matched before', async () => {
    const db = await getDb();
    await createJob(db, orgId, job('Python Tutor'));
    await expectCarried(python, 4);
    await updateJob(db, orgId, ids.py2!, { title: 'Senior Java Engineer' });
    await updateJob(db, orgId, ids.go2!, { title: 'Rust and Python Developer' });
    await updateJob(db, orgId, ids.py1!, { status: 'expired' });
    await expectCarried(python, 4);
    await expectCarried(active, 5);
    await expectCarried(engineering, 3);
  });

  it('counts again after a job changes categories under a category filter, and carries other lists', async () => {
    const db = await getDb();
    await updateJob(db, orgId, ids.py3!, { category: 'Engineering' });
    await expectCarried(python, 3);
    const answered = await answeredTotal(engineering);
    expect(answered).toEqual({ total: 4, how: 'counted' });
  });

  it('counts again after a write that is not a job write', async () => {
    const db = await getDb();
    await deleteJob(db, orgId, ids.py1!);
    expect(await answeredTotal(python)).toEqual({ total: 2, how: 'counted' });
    await upsertCategory(db, orgId, { name: 'Platform', parent: 'Engineering' });
    expect(await answeredTotal(engineering)).toEqual({ total: 2, how: 'counted' });
  });

  it('answers a total of the same revision from the cache', async () => {
    expect(await answeredTotal(python)).toEqual({ total: 3, how: 'hit' });
  });
});
