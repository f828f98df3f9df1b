// GET /api/assets: the media library. POST /api/assets: add an image by upload or by URL.
import { z } from 'zod';
import { paginationMeta } from '@/lib/core/pagination';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { downloadSource } from '@/lib/media/download';
import { MAX_ASSET_BYTES } from '@/lib/media/limits';
import {
  assetListResponseSchema,
  assetSchema,
  assetUploadSchema,
  createAssetBodySchema,
  createAssetQuerySchema,
  listAssetsQuerySchema,
} from '@/lib/media/schemas';
import { createAsset, listAssets } from '@/lib/media/service';

const list = apiRoute(
  {
    method: 'GET',
    path: '/assets',
    operationId: 'listAssets',
    summary: 'List assets',
    description: 'Newest first. `search` matches part of the title.',
    tags: ['Assets'],
    query: listAssetsQuerySchema,
    response: assetListResponseSchema,
  },
  async ({ db, organization, query }) => {
    const { assets, total } = await listAssets(db, organization.id, query);
    return { data: assets, meta: { pagination: paginationMeta(query, total) } };
  },
);

const createdResponse = z.object({
  data: assetSchema,
  meta: z.object({
    deduplicated: z.boolean().describe('True when the bytes matched an asset already in the library.'),
  }),
});

const create = apiRoute(
  {
    method: 'POST',
    path: '/assets',
    operationId: 'createAsset',
    summary: 'Add an image',
    description:
      'Send the image as `multipart/form-data` (`file`, optional `title`) or as JSON with a `source_url` to download. Accepted: JPEG, PNG, GIF, WebP, AVIF and SVG, identified from the bytes, never from the name or Content-Type; at most 15 MB (413 `file_too_large`), anything else 415 `unsupported_media_type`. SVG files are stored sanitized: no scripts, event handlers, external references or foreignObject. Raster images get a WebP thumbnail. Answers 201 with the new asset, or 200 with the existing one when the same bytes are already in the library (unless `dedupe=false`).',
    tags: ['Assets'],
    query: createAssetQuerySchema,
    body: createAssetBodySchema,
    multipart: { schema: assetUploadSchema, maxFileBytes: MAX_ASSET_BYTES },
    successStatus: 201,
    response: createdResponse,
    otherResponses: [
      { status: 200, description: 'The same bytes were already in the library.', schema: createdResponse },
    ],
    errors: ['download_failed'],
  },
  async ({ db, organization, body, query }) => {
    const file =
      'file' in body
        ? { bytes: new Uint8Array(await body.file.arrayBuffer()), filename: body.file.name }
        : { ...(await downloadSource(body.source_url)), sourceUrl: body.source_url };
    const { asset, deduplicated } = await createAsset(
      db,
      organization.id,
      { ...file, title: body.title },
      { dedupe: query.dedupe },
    );
    const answer = { data: asset, meta: { deduplicated } };
    return deduplicated ? reply(200, answer) : answer;
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
