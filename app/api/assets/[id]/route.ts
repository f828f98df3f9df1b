// GET, PATCH and DELETE /api/assets/{id}: one asset of the media library.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { assetSchema, deleteAssetResponseSchema, updateAssetBodySchema } from '@/lib/media/schemas';
import { deleteAsset, findAsset, toAssetOut, updateAsset } from '@/lib/media/service';

const params = z.object({ id: z.uuid({ error: 'Expected an asset id (UUID)' }) });

const read = apiRoute(
  {
    method: 'GET',
    path: '/assets/{id}',
    operationId: 'getAsset',
    summary: 'Get an asset',
    description: 'One file of the media library with its public `url` and metadata.',
    tags: ['Assets'],
    params,
    response: z.object({ data: assetSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    data: toAssetOut(await findAsset(db, organization.id, params.id)),
  }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/assets/{id}',
    operationId: 'updateAsset',
    summary: 'Rename an asset',
    description: 'Only the `title` changes; the file and its URL stay the same.',
    tags: ['Assets'],
    params,
    body: updateAssetBodySchema,
    response: z.object({ data: assetSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updateAsset(db, organization.id, params.id, body),
  }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/assets/{id}',
    operationId: 'deleteAsset',
    summary: 'Delete an asset',
    description:
      'Removes the asset and its stored file; its URL answers 404 from then on. Pages and authors still using the URL do not block the delete: they are listed in `broken_references`.',
    tags: ['Assets'],
    params,
    response: deleteAssetResponseSchema,
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await deleteAsset(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
