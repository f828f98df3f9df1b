'use server';

import { z } from 'zod';
import { deleteItem, updateItem, upsertItem } from '@/lib/cms';
import {
  collectionSlugSchema,
  type ItemOut,
  updateItemBodySchema,
  upsertItemBodySchema,
} from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import type { FormErrorRules } from '@/lib/forms';
import { dashboardRowAction, type Revalidation, rowId } from '../dashboard-action';

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
 * How a refusal of the schema or the service shows on the form. Only the form knows the
 * collection's fields: it shows the messages of those it has no input for itself.
 */
function itemErrorRules(what: string): FormErrorRules {
  return {
    fields: inputFor,
    words: { not_found: `This ${what} no longer exists.` },
    // A refusal other than a validation (a duplicate value, say) keeps the service's own sentence on top.
    summary: (refused) =>
      refused instanceof AppError && refused.code !== 'validation_error'
        ? refused.message
        : 'Some fields need attention.',
  };
}

/** A collection's slug among the arguments; one answer for any that is not one. */
const collectionSlug = z
  .string({ error: 'Unknown collection.' })
  .refine((slug) => collectionSlugSchema.safeParse(slug).success, { error: 'Unknown collection.' });

const revalidate = ([slug]: readonly [string, ...unknown[]]): Revalidation[] => [
  '/dashboard/cms',
  `/dashboard/cms/${slug}`,
  `/dashboard/cms/${slug}/review`,
];

/** Creates an item of `slug` when `id` is null (source "dashboard"), else updates it with `body`. */
export const saveItemAction = dashboardRowAction(
  'cms.items.write',
  // The body is checked by the handler: its problems' paths are the form's.
  z.tuple([collectionSlug, rowId('Unknown item.').nullable(), z.unknown()]),
  async ([slug, id, body], { db, organization }): Promise<SaveItemResult> => {
    if (id !== null) return updateItem(db, organization.id, slug, id, updateItemBodySchema.parse(body));
    // The form creates; replacing an item by id is the API's upsert, not this button's.
    const { id: _ignored, ...input } = upsertItemBodySchema.parse(body);
    const saved = await upsertItem(db, organization.id, slug, input, 'dashboard');
    return { item: saved.item, warnings: saved.warnings };
  },
  {
    revalidate,
    errors: itemErrorRules('item'),
    refused: ({ error, fieldErrors }) => ({ error, fieldErrors }),
  },
);

export const deleteItemAction = dashboardRowAction(
  'cms.items.write',
  z.tuple([collectionSlug, rowId('Unknown item.')]),
  async ([slug, id], { db, organization }): Promise<{ error?: string }> => {
    await deleteItem(db, organization.id, slug, id);
    return {};
  },
  { revalidate, invalid: 'Unknown item.', errors: itemErrorRules('item') },
);

const decisions = { approve: 'published', reject: 'archived' } as const;

/** The moderation queue's buttons: approve publishes a pending item, reject archives it. */
export const reviewItemAction = dashboardRowAction(
  'cms.items.write',
  z.tuple([collectionSlug, rowId('Unknown item.'), z.enum(['approve', 'reject'])]),
  async ([slug, id, decision], { db, organization }): Promise<{ error?: string }> => {
    await updateItem(db, organization.id, slug, id, { status: decisions[decision] });
    return {};
  },
  { revalidate, invalid: 'Unknown item.', errors: itemErrorRules('submission') },
);
