import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { updateJob } from '@/lib/jobs';
import { createPageBodySchema } from '@/lib/pages/schemas';
import { createPage } from '@/lib/pages/service';
import { createTenant, createTestJob } from '@/test/factories';
import { boardCategories, boardJobs, boardPage, boardPosts } from './queries';
import { boardOrganization } from './resolve';

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

describe('freshness', () => {
  it('shows a write at once: the organization row read per request carries the new revision', async () => {
    const db = await getDb();
    const tenant = await createTenant();
    const job = await createTestJob(tenant.organization.id, { title: 'First title' });
    const read = async () => boardJobs(db, (await boardOrganization(db, tenant.organization.slug))!, {}, 1);
    expect((await read()).jobs.map((row) => row.title)).toEqual(['First title']);
    await updateJob(db, tenant.organization.id, job.id, { title: 'Second title' });
    expect((await read()).jobs.map((row) => row.title)).toEqual(['Second title']);
    await updateJob(db, tenant.organization.id, job.id, { status: 'expired' });
    expect((await read()).jobs).toEqual([]);
  });
});
