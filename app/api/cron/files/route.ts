// GET /api/cron/files: deletes the résumé files of applications that are gone (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { deleteRemovedResumes } from '@/lib/applications';
import { cronRoute } from '@/lib/http/cron';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/files',
    operationId: 'runRemovedResumeWorker',
    summary: 'Delete the résumé files of deleted applications (scheduler only)',
    description:
      'Called every 5 minutes by Vercel Cron (see `vercel.json`). An application deleted with its job or its organization leaves its résumé file behind; this deletes those files for up to 45 s. Servers that run for long (`next start`) do this themselves every minute.',
    data: z.object({ deleted: z.number().int() }),
  },
  deleteRemovedResumes,
);
