'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { deleteItem, updateItem, upsertItem } from '@/lib/cms';
import {
  collectionSlugSchema,
  type ItemOut,
  updateItemBodySchema,
  upsertItemBodySchema,
} from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { type FormErrorRules, formErrors } from '@/lib/forms';

export interface SaveItemResult {
  item?: ItemOut;
  /** From the service: unknown fields dropped, images not hosted on the board's CDN. */
  warnings?: string[];
  error?: string;
  /** By field name for `data`; `_status`, `_starts_at`, `_expires_at`, `_position` for the item's own. */
  fieldErrors?: Record<string, string>;
}

/** `data.<name>` shows on the input of field <name>; the item's own settings as `_status`, `_position`… */
function inputFor(field: string): string {
  const [head, name] = field.split('.');
  return head === 'data' && name ? name : `_${head || 'form'}`;
}

/**
 * A refusal of the schema or the service as the form shows it; anything else is rethrown. Only the
 * form knows the collection's fields: it shows the messages of those it has no input for itself.
 */
function refusal(error: unknown, what = 'item'): SaveItemResult {
  const rules: FormErrorRules = {
    fields: inputFor,
    words: { not_found: `This ${what} no longer exists.` },
    // A refusal other than a validation (a duplicate value, say) keeps the service's own sentence on top.
    summary: (refused) =>
      refused instanceof AppError && refused.code !== 'validation_error'
        ? refused.message
        : 'Some fields need attention.',
  };
  return formErrors(error, rules);
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
  const { organization } = await requireMembership('cms.items.write');
  const collection = collectionSlugSchema.safeParse(slug);
  if (!collection.success) return { error: 'Unknown collection.' };
  const db = await getDb();
  try {
    if (id === null) {
      const parsed = upsertItemBodySchema.safeParse(body);
      if (!parsed.success) return refusal(parsed.error);
      // The form creates; replacing an item by id is the API's upsert, not this button's.
      const { id: _ignored, ...input } = parsed.data;
      const saved = await upsertItem(db, organization.id, collection.data, input, 'dashboard');
      revalidate(collection.data);
      return { item: saved.item, warnings: saved.warnings };
    }
    const itemId = z.uuid().safeParse(id);
    if (!itemId.success) return { error: 'Unknown item.' };
    const parsed = updateItemBodySchema.safeParse(body);
    if (!parsed.success) return refusal(parsed.error);
    const saved = await updateItem(db, organization.id, collection.data, itemId.data, parsed.data);
    revalidate(collection.data);
    return saved;
  } catch (error) {
    return refusal(error);
  }
}

export async function deleteItemAction(slug: string, id: string): Promise<{ error?: string }> {
  const { organization } = await requireMembership('cms.items.write');
  const collection = collectionSlugSchema.safeParse(slug);
  const itemId = z.uuid().safeParse(id);
  if (!collection.success || !itemId.success) return { error: 'Unknown item.' };
  try {
    await deleteItem(await getDb(), organization.id, collection.data, itemId.data);
  } catch (error) {
    return { error: refusal(error).error };
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
  const { organization } = await requireMembership('cms.items.write');
  const collection = collectionSlugSchema.safeParse(slug);
  const itemId = z.uuid().safeParse(id);
  if (!collection.success || !itemId.success || !Object.hasOwn(decisions, decision))
    return { error: 'Unknown item.' };
  try {
    await updateItem(await getDb(), organization.id, collection.data, itemId.data, {
      status: decisions[decision],
    });
  } catch (error) {
    return { error: refusal(error, 'submission').error };
  }
  revalidate(collection.data);
  return {};
}
