import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { CreateJobInput } from '@/lib/jobs/schemas';
import { createTenant, createTestJob } from '@/test/factories';
import { listSimilarJobs } from './similar';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A small board: payments engineers, operations, design, in Berlin and remote, and some not live. */
async function board() {
  const { organization } = await createTenant();
  const orgId = organization.id;
  const job = (title: string, fields: Partial<CreateJobInput> = {}) =>
    createTestJob(orgId, { title, published_at: daysAgo(5), ...fields });
  const berlin = { location: 'Berlin' };
  const remote = { is_remote: true };
  const jobs = {
    seniorPayments: await job('Senior Payments Engineer', {
      categories: ['Engineering', 'Payments'],
      ...berlin,
    }),
    payments: await job('Payments Engineer', { categories: ['Engineering', 'Payments'], ...remote }),
    paymentsPlatform: await job('Staff Payments Platform Engineer', {
      categories: ['Engineering', 'Payments'],
      ...remote,
      published_at: daysAgo(1),
    }),
    backendPayments: await job('Backend Engineer, Payments', { categories: ['Engineering'], ...berlin }),
    frontend: await job('Frontend Engineer', { categories: ['Engineering'], ...remote }),
    paymentsAnalyst: await job('Payments Analyst', remote),
    operationsLead: await job('Operations Lead', { categories: ['Operations'], ...berlin }),
    headOfOperations: await job('Head of Operations', { categories: ['Operations'], ...remote }),
    operationsCoordinator: await job('Operations Coordinator', { categories: ['Operations'], ...berlin }),
    productDesigner: await job('Product Designer', { categories: ['Design'], ...berlin }),
    seniorProductDesigner: await job('Senior Product Designer', { categories: ['Design'], ...remote }),
    brandDesigner: await job('Brand Designer', { categories: ['Design'], ...remote }),
    support: await job('Customer Support Lead', { categories: ['Support'], ...berlin }),
    accountant: await job('Accountant', { categories: ['Finance'], ...berlin }),
    expiredPayments: await job('Payments Engineer', {
      categories: ['Engineering', 'Payments'],
      expires_at: daysAgo(1),
    }),
    draftPayments: await job('Payments Engineer', { categories: ['Payments'], status: 'draft' }),
  };
  await createTestJob((await createTenant()).organization.id, {
    title: 'Payments Engineer',
    categories: ['Payments'],
  });
  const titlesLike = async (of: keyof typeof jobs, limit = 3) =>
    (await listSimilarJobs(await getDb(), orgId, jobs[of].id, { limit, boardUrl: 'https://jobs.test' })).map(
      (similar) => similar.id,
    );
  return { jobs, titlesLike };
}

describe('similar jobs', () => {
  it('ranks by shared categories and title words, then place and workplace, the newest first among equals', async () => {
    const { jobs, titlesLike } = await board();
    // Both remote payments engineers share two categories and two words; the newer leads. The Berlin
    // backend engineer shares one category, both words and the place.
    expect(await titlesLike('seniorPayments')).toEqual([
      jobs.paymentsPlatform.id,
      jobs.payments.id,
      jobs.backendPayments.id,
    ]);
    // Seniority is not the work: the operations lead's neighbours are operations jobs, the one in
    // Berlin first; Berlin's designers and the support lead are not similar at all.
    expect(await titlesLike('operationsLead', 5)).toEqual([
      jobs.operationsCoordinator.id,
      jobs.headOfOperations.id,
    ]);
    expect(await titlesLike('productDesigner')).toEqual([
      jobs.seniorProductDesigner.id,
      jobs.brandDesigner.id,
    ]);
    // Without a category a job still finds its kind by its title.
    expect(await titlesLike('paymentsAnalyst')).toEqual(
      expect.arrayContaining([jobs.paymentsPlatform.id, jobs.payments.id]),
    );
  });

  it('leaves out the job itself, jobs that are not live and other boards', async () => {
    const { jobs, titlesLike } = await board();
    const all = await titlesLike('payments', 20);
    expect(all).not.toContain(jobs.payments.id);
    expect(all).not.toContain(jobs.expiredPayments.id);
    expect(all).not.toContain(jobs.draftPayments.id);
    expect(all.slice(0, 3)).toEqual(
      expect.arrayContaining([jobs.paymentsPlatform.id, jobs.seniorPayments.id, jobs.backendPayments.id]),
    );
    expect(all).not.toContain(jobs.accountant.id);
    expect(all).not.toContain(jobs.operationsLead.id);
    // A closed job's page shows live jobs like it.
    expect(await titlesLike('expiredPayments')).toEqual(
      expect.arrayContaining([jobs.seniorPayments.id, jobs.payments.id, jobs.paymentsPlatform.id]),
    );
  });

  it('scores only the newest live jobs of each kind of candidate', async () => {
    const { organization } = await createTenant();
    const orgId = organization.id;
    const target = await createTestJob(orgId, {
      title: 'Payments Engineer',
      categories: ['Payments'],
      location: 'Berlin',
      published_at: daysAgo(1),
    });
    // Shares the category and the place: it would rank first, but 100 newer jobs share the category.
    const older = await createTestJob(orgId, {
      title: 'Clerk',
      categories: ['Payments'],
      location: 'Berlin',
      published_at: daysAgo(30),
    });
    for (let index = 0; index < 100; index++) {
      await createTestJob(orgId, {
        title: 'Accountant',
        categories: ['Payments'],
        is_remote: true,
        published_at: daysAgo(2 + index / 100),
      });
    }
    const similar = await listSimilarJobs(await getDb(), orgId, target.id, {
      limit: 3,
      boardUrl: 'https://jobs.test',
    });
    expect(similar.map((job) => job.title)).toEqual(['Accountant', 'Accountant', 'Accountant']);
    // 101 jobs share its category; the newest 100 of them are its candidates.
    const fromOlder = await listSimilarJobs(await getDb(), orgId, older.id, {
      limit: 200,
      boardUrl: 'https://jobs.test',
    });
    expect(fromOlder).toHaveLength(100);
    expect(fromOlder[0]!.id).toBe(target.id);
  });

  it('on a larger board, looks for categories and all title words among its most recently created jobs, and for any word on the whole board when those are too few', async () => {
    const { organization } = await createTenant();
    const orgId = organization.id;
    const berlin = { location: 'Berlin', categories: ['Payments'] };
    // Shares the category, both title words and the place: the best match, but created long ago.
    const old = await createTestJob(orgId, { title: 'Payments Engineer', ...berlin });
    const target = await createTestJob(orgId, { title: 'Payments Engineer', ...berlin });
    await createTestJob(orgId, { title: 'Accountant', is_remote: true });
    await createTestJob(orgId, { title: 'Accountant', is_remote: true });
    const recent = await createTestJob(orgId, { title: 'Clerk', categories: ['Payments'], is_remote: true });
    const similar = async (limit: number, recentJobs?: number) =>
      (
        await listSimilarJobs(await getDb(), orgId, target.id, {
          limit,
          boardUrl: 'https://jobs.test',
          recentJobs,
        })
      ).map((job) => job.id);

    expect(await similar(2)).toEqual([old.id, recent.id]);
    // The 3 most recently created: the clerk is the one candidate, enough for one.
    expect(await similar(1, 3)).toEqual([recent.id]);
    // Too few for two: any title word, on the whole board, finds the old one.
    expect(await similar(2, 3)).toEqual([old.id, recent.id]);
  });
});
