import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { env } from '@/lib/core/env';
import { AppError } from '@/lib/core/errors';
import { apiRoute, type RouteHandler } from './handler';
import { routeMethods } from './methods';

/** Scheduler routes (Vercel Cron) carry `Authorization: Bearer <CRON_SECRET>`; anything else is 401. */
export function assertCronCaller(request: Request): void {
  const secret = env().CRON_SECRET;
  const header = request.headers.get('authorization');
  if (secret && header) {
    const expected = Buffer.from(`Bearer ${secret}`);
    const given = Buffer.from(header);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  }
  throw new AppError(
    'unauthorized',
    'This endpoint is for the scheduler: send Authorization: Bearer <CRON_SECRET>.',
  );
}

/** Leaves headroom under a 60 s function limit for the last batch. */
const DEFAULT_BUDGET_MS = 45_000;

export interface CronRouteDefinition<Data extends z.ZodType> {
  path: `/cron/${string}`;
  operationId: string;
  summary: string;
  /** What a run does and how often the scheduler calls it; the 401 rule is added. */
  description: string;
  /** What a run answers under `data`: its counts. */
  data: Data;
  /** How long the worker may go on (it stops between batches); 45 s unless a batch runs longer. */
  budgetMs?: number;
}

/**
 * A route Vercel Cron calls to run one background worker (long-running servers run them on timers):
 * GET only, behind CRON_SECRET, in the Internal part of the API reference, answering `{ data }`.
 */
export function cronRoute<Data extends z.ZodType>(
  definition: CronRouteDefinition<Data>,
  work: (db: Database, options: { until: number }) => Promise<z.input<Data>>,
): ReturnType<typeof routeMethods> {
  const { data, budgetMs = DEFAULT_BUDGET_MS, description, ...documented } = definition;
  const run: RouteHandler = apiRoute(
    {
      method: 'GET',
      ...documented,
      description: `${description} Needs \`Authorization: Bearer <CRON_SECRET>\`: 401 without it, or when \`CRON_SECRET\` is not set.`,
      tags: ['Internal'],
      auth: 'none',
      errors: ['unauthorized'],
      response: z.object({ data }),
    },
    async ({ db, request }) => {
      assertCronCaller(request);
      return { data: await work(db, { until: Date.now() + budgetMs }) };
    },
  );
  return routeMethods({ GET: run });
}
