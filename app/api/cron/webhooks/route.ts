// GET /api/cron/webhooks: the scheduled webhook worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { runWebhookWorker } from '@/lib/webhooks/worker';

/** Leaves headroom under a 60 s function limit for the last batch (each send times out after 10 s). */
const RUN_BUDGET_MS = 45_000;

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/webhooks',
    operationId: 'runWebhookWorker',
    summary: 'Send due webhook deliveries (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`) with `Authorization: Bearer <CRON_SECRET>`; 401 without it, or when `CRON_SECRET` is not set. Sends every due delivery (first attempts that were not sent right after their write, and retries) for up to 45 s. Servers that run for long (`next start`) do this themselves every second.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({ data: z.object({ sent: z.number().int() }) }),
  },
  async ({ db, request }) => {
    assertCronCaller(request);
    return { data: await runWebhookWorker(db, { until: Date.now() + RUN_BUDGET_MS }) };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
