'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { deleteCollection, upsertCollection } from '@/lib/cms';
import { collectionSlugSchema, upsertCollectionBodySchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { formMessage, formProblems } from '@/lib/forms';
import type { Issue } from './builder/errors';

export type SaveCollectionResult =
  | { ok: true; slug: string; created: boolean; schemaVersion: number }
  | {
      ok: false;
      error: string;
      /** `field_type_immutable`: the builder offers to resend with `force: true`. */
      code?: string;
      issues: Issue[];
    };

/**
 * A refusal as the builder shows it: the problems by path, which only the builder can place on its
 * cards (see placeIssues), and the code. Anything but a refusal is rethrown.
 */
function refusal(error: unknown): SaveCollectionResult {
  if (!(error instanceof AppError || error instanceof z.ZodError)) throw error;
  const issues = formProblems(error).map(({ path, message }) => ({ path, message }));
  return error instanceof AppError
    ? { ok: false, error: error.message, code: error.code, issues }
    : { ok: false, error: 'Some settings need attention.', issues };
}

/** "Save collection": creates the collection or replaces its definition (the slug is the key). */
export async function saveCollectionAction(body: unknown): Promise<SaveCollectionResult> {
  const { organization } = await requireMembership('cms.collections.manage');
  const parsed = upsertCollectionBodySchema.safeParse(body);
  if (!parsed.success) return refusal(parsed.error);
  try {
    const { collection, created } = await upsertCollection(await getDb(), organization.id, parsed.data);
    revalidatePath('/dashboard/cms', 'layout');
    return { ok: true, slug: collection.slug, created, schemaVersion: collection.schema_version };
  } catch (error) {
    return refusal(error);
  }
}

export async function deleteCollectionAction(
  slug: string,
): Promise<{ error?: string; deletedItems?: number }> {
  const { organization } = await requireMembership('cms.collections.manage');
  const parsed = collectionSlugSchema.safeParse(slug);
  if (!parsed.success) return { error: 'Unknown collection.' };
  try {
    const { deleted_items } = await deleteCollection(await getDb(), organization.id, parsed.data);
    revalidatePath('/dashboard/cms', 'layout');
    return { deletedItems: deleted_items };
  } catch (error) {
    return { error: formMessage(error) };
  }
}
