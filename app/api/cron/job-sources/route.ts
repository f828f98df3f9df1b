// GET /api/cron/job-sources: the scheduled job source worker (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { cronRoute } from '@/lib/http/cron';
import { runJobSourceWorker } from '@/lib/job-sources';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/job-sources',
    operationId: 'runJobSourceWorker',
    summary: 'Sync the job sources that are due (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`). Opens a run for every enabled source whose interval has passed, then executes open runs (scheduled, asked for with `POST /job-sources/{id}/sync`, or abandoned by an instance that stopped) for up to 30 s. Servers that run for long (`next start`) do this themselves every 30 seconds.',
    data: z.object({ opened: z.number().int(), executed: z.number().int() }),
    // Each fetch times out after 20 s: a run started at 30 s still ends within the function's minute.
    budgetMs: 30_000,
  },
  runJobSourceWorker,
);
