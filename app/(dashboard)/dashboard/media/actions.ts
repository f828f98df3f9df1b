'use server';

import { z } from 'zod';
import { downloadSource } from '@/lib/media/download';
import {
  type AssetOut,
  assetFromUrlSchema,
  type BrokenReference,
  listAssetsQuerySchema,
  updateAssetBodySchema,
} from '@/lib/media/schemas';
import { createAsset, deleteAsset, listAssets, updateAsset } from '@/lib/media/service';
import { type DashboardRowActionOptions, dashboardRowAction, rowId } from '../dashboard-action';
import { mediaErrorRules } from './errors';

const mediaPath = '/dashboard/media';

export type MediaResult<T> = ({ ok: true } & T) | { ok: false; error: string };

/** A refusal in the library's and the picker's words, as `{ ok: false }`. */
const media = {
  errors: mediaErrorRules,
  refused: ({ error }: { error: string }) => ({ ok: false, error }) as const,
} satisfies DashboardRowActionOptions<unknown, { ok: false; error: string }>;

/** The picker's grid: images only, newest first. */
export const listImagesAction = dashboardRowAction(
  'media.write',
  z.tuple([
    z
      .object({ search: z.string().optional(), page: z.number().optional() })
      .transform(
        (input): z.input<typeof listAssetsQuerySchema> => ({ ...input, type: 'image', per_page: 24 }),
      )
      .pipe(listAssetsQuerySchema),
  ]),
  async ([query], { db, organization }): Promise<MediaResult<{ assets: AssetOut[]; total: number }>> => ({
    ok: true,
    ...(await listAssets(db, organization.id, query)),
  }),
  { ...media, invalid: 'That search cannot be read.' },
);

export const addFromUrlAction = dashboardRowAction(
  'media.write',
  z.tuple([
    z
      .object({ source_url: z.string(), title: z.string().optional() })
      .transform(
        ({ source_url, title }): z.input<typeof assetFromUrlSchema> => ({
          source_url: source_url.trim(),
          title: title?.trim() || undefined,
        }),
      )
      .pipe(assetFromUrlSchema),
  ]),
  async ([body], { db, organization }): Promise<MediaResult<{ asset: AssetOut; deduplicated: boolean }>> => {
    const downloaded = await downloadSource(body.source_url);
    const created = await createAsset(
      db,
      organization.id,
      { ...downloaded, sourceUrl: body.source_url, title: body.title },
      { dedupe: true },
    );
    return { ok: true, ...created };
  },
  {
    ...media,
    revalidate: [mediaPath],
    invalid: 'Enter the full address of an image, starting with https://.',
  },
);

export const renameAssetAction = dashboardRowAction(
  'media.write',
  z.tuple([
    rowId('Unknown image.'),
    z
      .string()
      .transform((title) => ({ title }))
      .pipe(updateAssetBodySchema),
  ]),
  async ([id, body], { db, organization }): Promise<MediaResult<{ asset: AssetOut }>> => ({
    ok: true,
    asset: await updateAsset(db, organization.id, id, body),
  }),
  { ...media, revalidate: [mediaPath], revalidateRefused: true },
);

export const deleteAssetAction = dashboardRowAction(
  'media.write',
  z.tuple([rowId('Unknown image.')]),
  async ([id], { db, organization }): Promise<MediaResult<{ broken_references: BrokenReference[] }>> => {
    const { broken_references } = await deleteAsset(db, organization.id, id);
    return { ok: true, broken_references };
  },
  { ...media, revalidate: [mediaPath], revalidateRefused: true },
);
