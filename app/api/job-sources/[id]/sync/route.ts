// POST /api/job-sources/{id}/sync: sync the source now.
import { z } from 'zod';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { requestSync } from '@/lib/job-sources';
import { jobSourceParams, jobSourceRunSchema } from '@/lib/job-sources/schemas';

const sync = apiRoute(
  {
    method: 'POST',
    path: '/job-sources/{id}/sync',
    operationId: 'syncJobSource',
    summary: 'Run a sync of the source now',
    description:
      '202 with the run (`status: running`); the background worker executes it, and the source’s `last_run` is that run, its counts growing as it goes, until `finished_at`. While a run of the source is in progress (asked for or scheduled), answers 202 with that run: one source never runs twice at once, whichever instance is asked. Works on a disabled source too.',
    tags: ['Job sources'],
    params: jobSourceParams,
    successStatus: 202,
    response: z.object({ data: jobSourceRunSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) =>
    reply(202, { data: await requestSync(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: sync });
