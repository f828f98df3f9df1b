// GET /api/cron/files: deletes the résumé files of applications that are gone (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { deleteRemovedResumes } from '@/lib/applications';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

/** Leaves headroom under a 60 s function limit for the last batch. */
const RUN_BUDGET_MS = 45_000;

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/files',
    operationId: 'runRemovedResumeWorker',
    summary: 'Delete the résumé files of deleted applications (scheduler only)',
    description:
      'Called every 5 minutes by Vercel Cron (see `vercel.json`) with `Authorization: Bearer <CRON_SECRET>`; 401 without it, or when `CRON_SECRET` is not set. An application deleted with its job or its organization leaves its résumé file behind; this deletes those files for up to 45 s. Servers that run for long (`next start`) do this themselves every minute.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({ data: z.object({ deleted: z.number().int() }) }),
  },
  async ({ db, request }) => {
    assertCronCaller(request);
    return { data: await deleteRemovedResumes(db, { until: Date.now() + RUN_BUDGET_MS }) };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
