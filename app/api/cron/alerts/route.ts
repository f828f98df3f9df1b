// GET /api/cron/alerts: the scheduled job alert worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { runAlertWorker } from '@/lib/alerts';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

/** Leaves headroom under a 60 s function limit for the last batch. */
const RUN_BUDGET_MS = 45_000;

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/alerts',
    operationId: 'runAlertWorker',
    summary: 'Match new jobs to job alerts and send due digests (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`) with `Authorization: Bearer <CRON_SECRET>`; 401 without it, or when `CRON_SECRET` is not set. Finds jobs that went live since the last run, queues a mail to each instant alert they match, and queues the daily and weekly digests that are due, for up to 45 s. Servers that run for long (`next start`) do this themselves every 30 seconds.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({
      data: z.object({
        jobsFound: z.number().int(),
        instantSent: z.number().int(),
        digestsSent: z.number().int(),
        digestsChecked: z.number().int(),
      }),
    }),
  },
  async ({ db, request }) => {
    assertCronCaller(request);
    return { data: await runAlertWorker(db, { until: Date.now() + RUN_BUDGET_MS }) };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
