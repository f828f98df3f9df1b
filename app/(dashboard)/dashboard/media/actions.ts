'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { downloadSource } from '@/lib/media/download';
import {
  type AssetOut,
  assetFromUrlSchema,
  type BrokenReference,
  listAssetsQuerySchema,
  updateAssetBodySchema,
} from '@/lib/media/schemas';
import { createAsset, deleteAsset, listAssets, updateAsset } from '@/lib/media/service';
import { describeMediaError } from './errors';

const mediaPath = '/dashboard/media';

export type MediaResult<T> = ({ ok: true } & T) | { ok: false; error: string };

async function attempt<T>(work: () => Promise<T>): Promise<MediaResult<T>> {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    return { ok: false, error: describeMediaError(error) };
  }
}

/** The picker's grid: images only, newest first. */
export async function listImagesAction(input: {
  search?: string;
  page?: number;
}): Promise<MediaResult<{ assets: AssetOut[]; total: number }>> {
  const { organization } = await requireMembership('media.write');
  const query = listAssetsQuerySchema.safeParse({ ...input, type: 'image', per_page: 24 });
  if (!query.success) return { ok: false, error: 'That search cannot be read.' };
  return attempt(async () => listAssets(await getDb(), organization.id, query.data));
}

export async function addFromUrlAction(input: {
  source_url: string;
  title?: string;
}): Promise<MediaResult<{ asset: AssetOut; deduplicated: boolean }>> {
  const { organization } = await requireMembership('media.write');
  const body = assetFromUrlSchema.safeParse({
    source_url: input.source_url.trim(),
    title: input.title?.trim() || undefined,
  });
  if (!body.success)
    return { ok: false, error: 'Enter the full address of an image, starting with https://.' };
  const result = await attempt(async () => {
    const downloaded = await downloadSource(body.data.source_url);
    return createAsset(
      await getDb(),
      organization.id,
      { ...downloaded, sourceUrl: body.data.source_url, title: body.data.title },
      { dedupe: true },
    );
  });
  if (result.ok) revalidatePath(mediaPath);
  return result;
}

export async function renameAssetAction(
  id: string,
  title: string,
): Promise<MediaResult<{ asset: AssetOut }>> {
  const { organization } = await requireMembership('media.write');
  const assetId = z.uuid().safeParse(id);
  if (!assetId.success) return { ok: false, error: 'Unknown image.' };
  const body = updateAssetBodySchema.safeParse({ title });
  if (!body.success) return { ok: false, error: describeMediaError(body.error) };
  const result = await attempt(async () => ({
    asset: await updateAsset(await getDb(), organization.id, assetId.data, body.data),
  }));
  revalidatePath(mediaPath);
  return result;
}

export async function deleteAssetAction(
  id: string,
): Promise<MediaResult<{ broken_references: BrokenReference[] }>> {
  const { organization } = await requireMembership('media.write');
  const assetId = z.uuid().safeParse(id);
  if (!assetId.success) return { ok: false, error: 'Unknown image.' };
  const result = await attempt(async () => {
    const { broken_references } = await deleteAsset(await getDb(), organization.id, assetId.data);
    return { broken_references };
  });
  revalidatePath(mediaPath);
  return result;
}
