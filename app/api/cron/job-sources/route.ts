// GET /api/cron/job-sources: the scheduled job source worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { runJobSourceWorker } from '@/lib/job-sources';

/** Leaves headroom under a 60 s function limit for the last run (each fetch times out after 20 s). */
const RUN_BUDGET_MS = 30_000;

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/job-sources',
    operationId: 'runJobSourceWorker',
    summary: 'Sync the job sources that are due (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`) with `Authorization: Bearer <CRON_SECRET>`; 401 without it, or when `CRON_SECRET` is not set. Opens a run for every enabled source whose interval has passed, then executes open runs (scheduled, asked for with `POST /job-sources/{id}/sync`, or abandoned by an instance that stopped) for up to 30 s. Servers that run for long (`next start`) do this themselves every 30 seconds.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({ data: z.object({ opened: z.number().int(), executed: z.number().int() }) }),
  },
  async ({ db, request }) => {
    assertCronCaller(request);
    return { data: await runJobSourceWorker(db, { until: Date.now() + RUN_BUDGET_MS }) };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
