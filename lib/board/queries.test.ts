import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { listJobs, updateJob } from '@/lib/jobs';
import { createPageBodySchema } from '@/lib/pages/schemas';
import { createPage } from '@/lib/pages/service';
import { putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob } from '@/test/factories';
import { boardCategories, boardJobs, boardPage, boardPosts, similarJobs } from './queries';
import { boardBySlug } from './resolve';

describe('what the board reads', () => {
  it('lists only live jobs of its own organization, newest published first, with the API filters', async () => {
    const db = await getDb();
    const tenant = await createTenant();
    const org = tenant.organization as Organization;
    const old = await createTestJob(org.id, {
      title: 'Old Python role',
      category: 'Engineering',
      published_at: new Date(Date.now() - 5 * 86_400_000),
    });
    const fresh = await createTestJob(org.id, {
      title: 'Fresh Go role',
      category: 'Engineering',
      is_remote: true,
    });
    await createTestJob(org.id, { title: 'Draft role', status: 'draft' });
    await createTestJob(org.id, { title: 'Pending role', status: 'pending' });
    await createTestJob(org.id, { title: 'Expired role', expires_at: new Date(Date.now() - 1000) });
    await createTestJob((await createTenant()).organization.id, { title: 'Another board role' });
    const all = await boardJobs(db, org, {}, 1);
    expect(all.jobs.map((job) => job.title)).toEqual(['Fresh Go role', 'Old Python role']);
    expect(all.total).toBe(2);
    expect((await boardJobs(db, org, { search: 'python' }, 1)).jobs.map((job) => job.id)).toEqual([old.id]);
    expect((await boardJobs(db, org, { is_remote: true }, 1)).jobs.map((job) => job.id)).toEqual([fresh.id]);
    expect((await boardJobs(db, org, { categories: ['engineering'] }, 1)).total).toBe(2);
    expect(await boardCategories(db, org)).toEqual([
      expect.objectContaining({ slug: 'engineering', jobs: 2 }),
    ]);
  });

  it('shows published pages and posts only, scheduled ones once their time comes', async () => {
    const db = await getDb();
    const tenant = await createTenant();
    const org = tenant.organization as Organization;
    const page = (fields: Record<string, unknown>) =>
      createPage(db, org.id, createPageBodySchema.parse({ content: '<p>Hi</p>', ...fields }));
    await page({ title: 'Live post', kind: 'blog_post', status: 'published' });
    await page({ title: 'Draft post', kind: 'blog_post' });
    await page({
      title: 'Scheduled post',
      kind: 'blog_post',
      status: 'published',
      published_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await page({ title: 'About', slug: 'about', status: 'published' });
    await page({ title: 'Secret', slug: 'secret' });
    expect((await boardPosts(db, org, 1)).posts.map((post) => post.title)).toEqual(['Live post']);
    expect(await boardPage(db, org, 'page', 'about')).toBeDefined();
    expect(await boardPage(db, org, 'page', 'secret')).toBeUndefined();
    expect(
      await boardPage(db, (await createTenant()).organization as Organization, 'page', 'about'),
    ).toBeUndefined();
  });
});

describe('search behind the paywall', () => {
  it('matches a gated job on what everyone reads (title, company), never on the rest of its description', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    await putPaymentSettings(db, organization.id, {
      provider: 'local',
      paywall: { jobs_preview_count: 1, apply: false, members_only_posts: false },
    });
    const filler = 'Serve guests well. '.repeat(10);
    const gated = await createTestJob(organization.id, {
      title: 'Night Porter',
      company_name: 'Grand Hotel',
      description: `${filler}Speaks quokkanese.`,
      published_at: new Date(Date.now() - 2 * 86_400_000),
    });
    await createTestJob(organization.id, {
      title: 'Day Porter',
      company_name: 'Grand Hotel',
      description: `${filler}Speaks wallabese.`,
      published_at: new Date(Date.now() - 86_400_000),
    });
    const found = async (search: string) => {
      const org = (await boardBySlug(db, organization.slug))!;
      const list = await boardJobs(db, org, { search }, 1);
      return { titles: list.jobs.map((job) => job.title), total: list.total };
    };
    expect(await found('quokkanese')).toEqual({ titles: [], total: 0 });
    expect(await found('wallabese')).toEqual({ titles: ['Day Porter'], total: 1 });
    expect(await found('night hotel')).toEqual({ titles: ['Night Porter'], total: 1 });
    // Leaving a word out must not tell which gated job holds it either.
    expect(await found('serve -quokkanese')).toEqual(await found('serve -zebranese'));
    // The owner's API searches everything.
    const api = await listJobs(db, organization, { search: 'quokkanese', page: 1, per_page: 10 });
    expect(api.jobs.map((job) => job.id)).toEqual([gated.id]);
  });
});

describe('freshness', () => {
  it('shows a write at once: the organization row read per request carries the new revision', async () => {
    const db = await getDb();
    const tenant = await createTenant();
    const job = await createTestJob(tenant.organization.id, { title: 'First title' });
    const read = async () => boardJobs(db, (await boardBySlug(db, tenant.organization.slug))!, {}, 1);
    expect((await read()).jobs.map((row) => row.title)).toEqual(['First title']);
    await updateJob(db, tenant.organization.id, job.id, { title: 'Second title' });
    expect((await read()).jobs.map((row) => row.title)).toEqual(['Second title']);
    await updateJob(db, tenant.organization.id, job.id, { status: 'expired' });
    expect((await read()).jobs).toEqual([]);
  });
});

describe('similar jobs on a job page', () => {
  it('are cached per job, each list without its own job, and follow a write at once', async () => {
    const db = await getDb();
    const tenant = await createTenant();
    const org = () => boardBySlug(db, tenant.organization.slug).then((row) => row!);
    const payments = await createTestJob(tenant.organization.id, {
      title: 'Payments Engineer',
      category: 'Payments',
    });
    const ledger = await createTestJob(tenant.organization.id, {
      title: 'Ledger Engineer',
      category: 'Payments',
    });
    const titles = async (job: { id: string }) =>
      (await similarJobs(db, await org(), job)).map((row) => row.title);
    expect(await titles(payments)).toEqual(['Ledger Engineer']);
    expect(await titles(ledger)).toEqual(['Payments Engineer']);
    await updateJob(db, tenant.organization.id, ledger.id, { status: 'expired' });
    expect(await titles(payments)).toEqual([]);
  });
});
