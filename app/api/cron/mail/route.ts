// GET /api/cron/mail: the scheduled mail worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { cronRoute } from '@/lib/http/cron';
import { runMailWorker } from '@/lib/mail';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/mail',
    operationId: 'runMailWorker',
    summary: 'Send due mail from the outbox (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`). Sends every due message (first attempts that were not sent right after their write, and retries) for up to 45 s. Servers that run for long (`next start`) do this themselves every second.',
    data: z.object({ sent: z.number().int(), failed: z.number().int() }),
  },
  runMailWorker,
);
