// GET /api/job-sources: the organization's job sources. POST /api/job-sources: add one.
import { z } from 'zod';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { createJobSource, kickJobSources, listJobSources } from '@/lib/job-sources';
import {
  createJobSourceBodySchema,
  jobSourceSchema,
  listJobSourcesQuerySchema,
} from '@/lib/job-sources/schemas';

const syncDocs =
  'A source is synced by the background worker every `sync_interval_minutes` while `is_enabled` (and first right after it is added), or at once with `POST /job-sources/{id}/sync`. A sync maps each posting to a job with `source_id` and `external_id` (the posting’s id, unique per source): title, description (HTML, sanitized like any job’s), company, location, `workplace_type`, job type and salary when given, and `how_to_apply` (`form-external`: Greenhouse’s `absolute_url`, Lever’s and Ashby’s `applyUrl`, the feed’s `url`). New jobs take `status_for_new_jobs` and never expire by date; a posting that did not change leaves its job untouched (same `updated_at`, no webhook); a changed one updates its job (`job.updated`); jobs whose postings left the source are expired (`job.expired`). A failed fetch or an unreadable document changes no job and is the run’s `error`.';

const list = apiRoute(
  {
    method: 'GET',
    path: '/job-sources',
    operationId: 'listJobSources',
    summary: 'List job sources',
    description: `Newest first, each with its latest run.\n\n${syncDocs}`,
    tags: ['Job sources'],
    query: listJobSourcesQuerySchema,
    response: z.object({
      data: z.array(jobSourceSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { sources, total } = await listJobSources(db, organization.id, query);
    return { data: sources, meta: { pagination: paginationMeta(query, total) } };
  },
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/job-sources',
    operationId: 'createJobSource',
    summary: 'Add a job source (an ATS board or an XML feed)',
    description: `201 with the source; its first sync starts soon after.\n\n${syncDocs}`,
    tags: ['Job sources'],
    body: createJobSourceBodySchema,
    successStatus: 201,
    response: z.object({ data: jobSourceSchema }),
  },
  async ({ db, organization, body }) => {
    const source = await createJobSource(db, organization.id, body);
    if (source.is_enabled) kickJobSources();
    return { data: source };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
