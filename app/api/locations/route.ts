// GET /api/locations: the board's normalized places. POST /api/locations: preview or commit a place.
import { z } from 'zod';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import {
  committedLocationSchema,
  listLocationsQuerySchema,
  locationCandidateSchema,
  locationSchema,
  previewMetaSchema,
  resolveLocationBodySchema,
} from '@/lib/geo/schemas';
import { commitLocation, previewLocations } from '@/lib/geo/service';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { listLocationsWithJobCounts } from '@/lib/jobs';

const list = apiRoute(
  {
    method: 'GET',
    path: '/locations',
    operationId: 'listLocations',
    summary: 'List locations',
    description: 'The organization’s locations, ordered by display name, with their job counts.',
    tags: ['Locations'],
    query: listLocationsQuerySchema,
    response: z.object({
      data: z.array(locationSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { items, total } = await listLocationsWithJobCounts(db, organization.id, query);
    return { data: items, meta: { pagination: paginationMeta(query, total) } };
  },
);

const resolve = apiRoute(
  {
    method: 'POST',
    path: '/locations',
    operationId: 'resolveLocation',
    summary: 'Preview or commit a location',
    description:
      'Resolves `query` against the board’s existing locations, then the shared geocode cache, then the geocoder. With `create: false` (default) answers the candidates and writes nothing to the board; with `create: true` commits the best match (or returns the place already on the board) and answers its id, to pass as `location_id` on jobs. Street addresses resolve to their city (`full_address` carries the address); "Remote" (with an optional region) is a `remote` place.',
    tags: ['Locations'],
    body: resolveLocationBodySchema,
    errors: ['location_not_found'],
    response: z.union([
      z.object({ data: z.array(locationCandidateSchema), meta: previewMetaSchema }),
      committedLocationSchema,
    ]),
  },
  async ({ db, organization, body }) => {
    if (body.create) {
      const { id, display_name, created } = await commitLocation(db, organization.id, body);
      return { data: { id, display_name, created: true as const }, meta: { query: body.query, created } };
    }
    const { candidates, ambiguous } = await previewLocations(db, organization.id, body);
    return { data: candidates, meta: { query: body.query, created: false as const, ambiguous } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: resolve });
