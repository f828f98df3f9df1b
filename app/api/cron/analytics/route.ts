// GET /api/cron/analytics: the scheduled analytics worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { runAnalyticsWorker } from '@/lib/analytics';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const RUN_BUDGET_MS = 45_000;

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/analytics',
    operationId: 'runAnalyticsWorker',
    summary: 'Write buffered analytics events and delete expired ones (scheduler only)',
    description:
      'Called every minute by Vercel Cron with `Authorization: Bearer <CRON_SECRET>`; 401 without it. Writes events still buffered in this instance, sums finished days into the daily rollups (every 5 minutes) and, at most once an hour, deletes raw events older than each organization’s `retention_days` (for up to 45 s). Servers that run for long (`next start`) do this themselves.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({
      data: z.object({ written: z.number().int(), daysSummed: z.number().int(), pruned: z.number().int() }),
    }),
  },
  async ({ request }) => {
    assertCronCaller(request);
    return { data: await runAnalyticsWorker(undefined, { until: Date.now() + RUN_BUDGET_MS }) };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
