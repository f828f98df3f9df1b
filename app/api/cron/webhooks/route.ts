// GET /api/cron/webhooks: the scheduled webhook worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { cronRoute } from '@/lib/http/cron';
import { runWebhookWorker } from '@/lib/webhooks/worker';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/webhooks',
    operationId: 'runWebhookWorker',
    summary: 'Send due webhook deliveries (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`). Sends every due delivery (first attempts that were not sent right after their write, and retries; each send times out after 10 s) for up to 45 s. Servers that run for long (`next start`) do this themselves every second.',
    data: z.object({ sent: z.number().int() }),
  },
  runWebhookWorker,
);
