import { z } from 'zod';
import { httpUrl, optionalText, plainText } from '@/lib/core/fields';
import { paginationMetaSchema, paginationQuery } from '@/lib/core/pagination';
import { queryBoolean } from '@/lib/core/query';
import { ACCEPTED_IMAGE_LABELS } from './sniff';

export const assetTypes = ['image', 'video', 'file'] as const;
export type AssetType = (typeof assetTypes)[number];

const title = optionalText(200).describe('Shown in the media library; defaults to the file name.');

export const assetFromUrlSchema = z
  .object({
    source_url: httpUrl.describe(
      'An https URL of an image to download and host (http only in development). The download follows at most 3 redirects, stops at 15 MB and after 20 s, and never reaches private, loopback, link-local or metadata addresses.',
    ),
    title,
  })
  .strict();

export const assetUploadSchema = z.object({
  file: z
    .file({ error: 'Send the image in the `file` form field' })
    .describe(
      `The image: ${ACCEPTED_IMAGE_LABELS.join(', ')}; at most 15 MB. Its type is read from its bytes.`,
    ),
  title,
});

export const createAssetBodySchema = z.union([assetFromUrlSchema, assetUploadSchema]);
export type CreateAssetInput = z.output<typeof createAssetBodySchema>;

export const createAssetQuerySchema = z.object({
  dedupe: queryBoolean()
    .default(true)
    .describe(
      'With the default `true`, a file whose bytes match an asset already in the library returns that asset (200, `meta.deduplicated: true`) instead of storing a copy.',
    ),
});

export const updateAssetBodySchema = z
  .object({ title: z.string().trim().min(1, { error: 'Title cannot be empty' }).max(200) })
  .strict();

export const listAssetsQuerySchema = z.object({
  type: z.enum(assetTypes, { error: 'Expected one of image, video, file' }).optional(),
  search: z.string().trim().max(200).optional().describe('Matches part of the title, case-insensitively.'),
  ...paginationQuery(20),
});
export type ListAssetsQuery = z.output<typeof listAssetsQuerySchema>;

export const assetMetadataSchema = z
  .object({
    mime: z.string(),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    sha256: z.string().describe('Hex SHA-256 of the stored bytes (after SVG sanitizing).'),
    filename: z.string().optional().describe('Name of the uploaded file.'),
    source_url: z.string().optional().describe('Where the image was downloaded from.'),
  })
  .meta({ id: 'AssetMetadata' });

export const assetSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(assetTypes),
    provider: z.enum(['local', 'vercel_blob']).describe('The storage driver holding the file.'),
    url: z.string().describe('Hosted URL on the CDN base URL.'),
    thumbnail_url: z
      .string()
      .describe('A WebP thumbnail at most 480 px on each side; for SVG, the image itself.'),
    title: plainText(),
    visibility: z.literal('public'),
    metadata: assetMetadataSchema,
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Asset' });
export type AssetOut = z.infer<typeof assetSchema>;

export const assetListResponseSchema = z.object({
  data: z.array(assetSchema),
  meta: z.object({ pagination: paginationMetaSchema }),
});

export const brokenReferenceSchema = z
  .object({
    resource: z.enum(['page', 'author', 'cms_item']),
    id: z.uuid(),
    title: z.string().describe('The page title, the author name, or `<collection slug>/<item id>`.'),
    fields: z
      .array(z.string())
      .describe(
        'Where the URL (or, for CMS `asset` fields, the id) was used, e.g. `cover_image`, `content`, `avatar_url`, or CMS field names.',
      ),
  })
  .meta({ id: 'AssetReference' });
export type BrokenReference = z.infer<typeof brokenReferenceSchema>;

export const deleteAssetResponseSchema = z.object({
  data: z.object({
    id: z.uuid(),
    deleted: z.literal(true),
    broken_references: z
      .array(brokenReferenceSchema)
      .describe('Content that still points at the deleted URL and now shows a missing image.'),
  }),
});
