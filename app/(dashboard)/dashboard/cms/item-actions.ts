'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { errorsByField } from '@/components/cms/item-values';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import {
  collectionSlugSchema,
  type ItemOut,
  updateItemBodySchema,
  upsertItemBodySchema,
} from '@/lib/cms/schemas';
import { deleteItem, updateItem, upsertItem } from '@/lib/cms/service';
import { AppError } from '@/lib/core/errors';

const editors = ['owner', 'admin', 'editor'] as const;

export interface SaveItemResult {
  item?: ItemOut;
  /** From the service: unknown fields dropped, images not hosted on the board's CDN. */
  warnings?: string[];
  error?: string;
  /** By field name for `data`; `_status`, `_starts_at`, `_expires_at`, `_position` for the item's own. */
  fieldErrors?: Record<string, string>;
}

function invalid(error: z.ZodError): SaveItemResult {
  return {
    error: 'Some fields need attention.',
    fieldErrors: errorsByField(error.issues.map((issue) => ({ path: issue.path, message: issue.message }))),
  };
}

/** A service refusal as the form shows it, or null for anything that is not one. */
function refusal(error: unknown, what = 'item'): SaveItemResult | null {
  if (!(error instanceof AppError)) return null;
  if (error.code === 'not_found') return { error: `This ${what} no longer exists.` };
  if (error.code === 'validation_error') {
    return { error: 'Some fields need attention.', fieldErrors: errorsByField(error.details) };
  }
  return { error: error.message };
}

function revalidate(slug: string) {
  revalidatePath('/dashboard/cms');
  revalidatePath(`/dashboard/cms/${slug}`);
  revalidatePath(`/dashboard/cms/${slug}/review`);
}

/** Creates an item of `slug` when `id` is null (source "dashboard"), else updates it with `body`. */
export async function saveItemAction(
  slug: string,
  id: string | null,
  body: unknown,
): Promise<SaveItemResult> {
  const { organization } = await requireMembership([...editors]);
  const collection = collectionSlugSchema.safeParse(slug);
  if (!collection.success) return { error: 'Unknown collection.' };
  const db = await getDb();
  try {
    if (id === null) {
      const parsed = upsertItemBodySchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      // The form creates; replacing an item by id is the API's upsert, not this button's.
      const { id: _ignored, ...input } = parsed.data;
      const saved = await upsertItem(db, organization.id, collection.data, input, 'dashboard');
      revalidate(collection.data);
      return { item: saved.item, warnings: saved.warnings };
    }
    const itemId = z.uuid().safeParse(id);
    if (!itemId.success) return { error: 'Unknown item.' };
    const parsed = updateItemBodySchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const saved = await updateItem(db, organization.id, collection.data, itemId.data, parsed.data);
    revalidate(collection.data);
    return saved;
  } catch (error) {
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
}

export async function deleteItemAction(slug: string, id: string): Promise<{ error?: string }> {
  const { organization } = await requireMembership([...editors]);
  const collection = collectionSlugSchema.safeParse(slug);
  const itemId = z.uuid().safeParse(id);
  if (!collection.success || !itemId.success) return { error: 'Unknown item.' };
  try {
    await deleteItem(await getDb(), organization.id, collection.data, itemId.data);
  } catch (error) {
    const refused = refusal(error);
    if (refused) return { error: refused.error };
    throw error;
  }
  revalidate(collection.data);
  return {};
}

const decisions = { approve: 'published', reject: 'archived' } as const;

/** The moderation queue's buttons: approve publishes a pending item, reject archives it. */
export async function reviewItemAction(
  slug: string,
  id: string,
  decision: keyof typeof decisions,
): Promise<{ error?: string }> {
  const { organization } = await requireMembership([...editors]);
  const collection = collectionSlugSchema.safeParse(slug);
  const itemId = z.uuid().safeParse(id);
  if (!collection.success || !itemId.success || !Object.hasOwn(decisions, decision))
    return { error: 'Unknown item.' };
  try {
    await updateItem(await getDb(), organization.id, collection.data, itemId.data, {
      status: decisions[decision],
    });
  } catch (error) {
    const refused = refusal(error, 'submission');
    if (refused) return { error: refused.error };
    throw error;
  }
  revalidate(collection.data);
  return {};
}
