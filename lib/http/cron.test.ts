// The scheduler's routes: one shape for every worker Vercel Cron runs, behind CRON_SECRET, with a
// time budget the worker stops within, documented in the API reference's Internal part.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { resetEnvCache } from '@/lib/core/env';
import { call } from '@/test/http';
import { cronRoute } from './cron';
import type { RouteHandler } from './handler';

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

function sweepRoute(budgetMs?: number) {
  const runs: number[] = [];
  const route = cronRoute(
    {
      path: '/cron/sweep',
      operationId: 'runSweep',
      summary: 'Sweep (scheduler only)',
      description: 'Sweeps.',
      data: z.object({ swept: z.number().int() }),
      budgetMs,
    },
    async (_db, { until }) => {
      runs.push(until);
      return { swept: 3 };
    },
  );
  return { route, runs };
}

describe('cronRoute', () => {
  it('runs the worker only for the scheduler, within its budget, and answers its counts', async () => {
    const { route, runs } = sweepRoute();
    expect((await call(route.GET, { path: '/cron/sweep' })).status).toBe(401);
    vi.stubEnv('CRON_SECRET', 'cron-test-secret');
    resetEnvCache();
    const wrong = await call(route.GET, { path: '/cron/sweep', headers: { authorization: 'Bearer wrong' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('unauthorized');
    expect(runs).toHaveLength(0);

    const before = Date.now();
    const ran = await call(route.GET, {
      path: '/cron/sweep',
      headers: { authorization: 'Bearer cron-test-secret' },
    });
    expect(ran.status).toBe(200);
    expect(ran.body).toEqual({ data: { swept: 3 } });
    expect(runs[0]! - before).toBeGreaterThanOrEqual(45_000);
    expect(runs[0]! - Date.now()).toBeLessThanOrEqual(45_000);
  });

  it('gives a worker the budget it names, answers only GET, and documents the route as Internal', async () => {
    const { route, runs } = sweepRoute(30_000);
    vi.stubEnv('CRON_SECRET', 'cron-test-secret');
    resetEnvCache();
    const before = Date.now();
    await call(route.GET, { path: '/cron/sweep', headers: { authorization: 'Bearer cron-test-secret' } });
    expect(runs[0]! - before).toBeGreaterThanOrEqual(30_000);
    expect(runs[0]! - Date.now()).toBeLessThanOrEqual(30_000);

    const post = await call(route.POST, { path: '/cron/sweep', method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((route.GET as RouteHandler).definition).toMatchObject({
      method: 'GET',
      path: '/cron/sweep',
      tags: ['Internal'],
      auth: 'none',
      errors: ['unauthorized'],
      description: expect.stringMatching(/^Sweeps\. Needs `Authorization: Bearer <CRON_SECRET>`/),
    });
  });
});
