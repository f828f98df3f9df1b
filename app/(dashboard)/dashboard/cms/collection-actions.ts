'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { collectionSlugSchema, upsertCollectionBodySchema } from '@/lib/cms/schemas';
import { deleteCollection, upsertCollection } from '@/lib/cms/service';
import { AppError } from '@/lib/core/errors';
import type { Issue } from './builder/errors';

// Collections shape the board's data (and its public routes), like categories: owners and admins only.
const managers = ['owner', 'admin'] as const;

export type SaveCollectionResult =
  | { ok: true; slug: string; created: boolean; schemaVersion: number }
  | {
      ok: false;
      error: string;
      /** `field_type_immutable`: the builder offers to resend with `force: true`. */
      code?: string;
      issues: Issue[];
    };

const detailsSchema = z.array(
  z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }),
);

/** A service refusal as the builder shows it, or null for errors that are not the user's to fix. */
function refusal(error: unknown): SaveCollectionResult | null {
  if (!(error instanceof AppError)) return null;
  const details = detailsSchema.safeParse(error.details);
  return { ok: false, error: error.message, code: error.code, issues: details.success ? details.data : [] };
}

/** "Save collection": creates the collection or replaces its definition (the slug is the key). */
export async function saveCollectionAction(body: unknown): Promise<SaveCollectionResult> {
  const { organization } = await requireMembership([...managers]);
  const parsed = upsertCollectionBodySchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      error: 'Some settings need attention.',
      issues: parsed.error.issues.map(({ path, message }) => ({
        path: path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        message,
      })),
    };
  }
  try {
    const { collection, created } = await upsertCollection(await getDb(), organization.id, parsed.data);
    revalidatePath('/dashboard/cms', 'layout');
    return { ok: true, slug: collection.slug, created, schemaVersion: collection.schema_version };
  } catch (error) {
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
}

export async function deleteCollectionAction(
  slug: string,
): Promise<{ error?: string; deletedItems?: number }> {
  const { organization } = await requireMembership([...managers]);
  const parsed = collectionSlugSchema.safeParse(slug);
  if (!parsed.success) return { error: 'Unknown collection.' };
  try {
    const { deleted_items } = await deleteCollection(await getDb(), organization.id, parsed.data);
    revalidatePath('/dashboard/cms', 'layout');
    return { deletedItems: deleted_items };
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
}
