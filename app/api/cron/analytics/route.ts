// GET /api/cron/analytics: the scheduled analytics worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { runAnalyticsWorker } from '@/lib/analytics';
import { cronRoute } from '@/lib/http/cron';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/analytics',
    operationId: 'runAnalyticsWorker',
    summary: 'Write buffered analytics events and delete expired ones (scheduler only)',
    description:
      'Called every minute by Vercel Cron. Writes events still buffered in this instance, sums finished days into the daily rollups (every 5 minutes) and, at most once an hour, deletes raw events older than each organization’s `retention_days` (for up to 45 s). Servers that run for long (`next start`) do this themselves.',
    data: z.object({ written: z.number().int(), daysSummed: z.number().int(), pruned: z.number().int() }),
  },
  (_db, options) => runAnalyticsWorker(undefined, options),
);
