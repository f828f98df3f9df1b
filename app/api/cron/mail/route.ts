// GET /api/cron/mail: the scheduled mail worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { runMailWorker } from '@/lib/mail';

/** Leaves headroom under a 60 s function limit for the last batch. */
const RUN_BUDGET_MS = 45_000;

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/mail',
    operationId: 'runMailWorker',
    summary: 'Send due mail from the outbox (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`) with `Authorization: Bearer <CRON_SECRET>`; 401 without it, or when `CRON_SECRET` is not set. Sends every due message (first attempts that were not sent right after their write, and retries) for up to 45 s. Servers that run for long (`next start`) do this themselves every second.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({ data: z.object({ sent: z.number().int(), failed: z.number().int() }) }),
  },
  async ({ db, request }) => {
    assertCronCaller(request);
    return { data: await runMailWorker(db, { until: Date.now() + RUN_BUDGET_MS }) };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
