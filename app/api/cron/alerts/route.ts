// GET /api/cron/alerts: the scheduled job alert worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { runAlertWorker } from '@/lib/alerts';
import { cronRoute } from '@/lib/http/cron';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/alerts',
    operationId: 'runAlertWorker',
    summary: 'Match new jobs to job alerts and send due digests (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`). Finds jobs that went live since the last run, queues a mail to each instant alert they match, and queues the daily and weekly digests that are due, for up to 45 s. Servers that run for long (`next start`) do this themselves every 30 seconds.',
    data: z.object({
      jobsFound: z.number().int(),
      instantSent: z.number().int(),
      digestsSent: z.number().int(),
      digestsChecked: z.number().int(),
    }),
  },
  runAlertWorker,
);
