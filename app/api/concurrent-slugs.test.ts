// Parallel creates with one title race for the same generated slug; on PostgreSQL (npm run test:pg)
// they really run at once, and every one must still succeed with a slug of its own.
import { describe, expect, it } from 'vitest';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { POST as POST_JOB } from './jobs/route';
import { POST as POST_PAGE } from './pages/route';

const parallel = <T>(count: number, run: () => Promise<T>) => Promise.all(Array.from({ length: count }, run));

describe('concurrent creates with the same title', () => {
  it('gives 20 parallel jobs 20 distinct slugs, with no error', async () => {
    const { key } = await createTenant();
    const body = { title: 'Platform Engineer', description: 'Run it.', company_name: 'Acme' };
    const results = await parallel(20, () =>
      call(POST_JOB, { method: 'POST', path: '/jobs', apiKey: key, body }),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((result) => result.body.data.slug)).size).toBe(20);
  });

  it.each(['page', 'blog_post'])('gives 20 parallel %ss distinct slugs, with no error', async (kind) => {
    const { key } = await createTenant();
    const body = { kind, title: 'About us', content: '<p>Hello</p>' };
    const results = await parallel(20, () =>
      call(POST_PAGE, { method: 'POST', path: '/pages', apiKey: key, body }),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((result) => result.body.data.slug)).size).toBe(20);
  });
});
