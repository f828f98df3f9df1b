'use server';

import { z } from 'zod';
import { deleteCollection, upsertCollection } from '@/lib/cms';
import { collectionSlugSchema, upsertCollectionBodySchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { formProblems } from '@/lib/forms';
import { dashboardRowAction, type Revalidation } from '../dashboard-action';
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

// Every collection's pages: the list, the items, the builder.
const revalidate: Revalidation[] = [['/dashboard/cms', 'layout']];

/**
 * A refusal as the builder shows it: the problems by path, which only the builder can place on its
 * cards (see placeIssues), and the code.
 */
function refusal(cause: unknown): SaveCollectionResult {
  const issues = formProblems(cause as AppError | z.ZodError).map(({ path, message }) => ({ path, message }));
  return cause instanceof AppError
    ? { ok: false, error: cause.message, code: cause.code, issues }
    : { ok: false, error: 'Some settings need attention.', issues };
}

/** "Save collection": creates the collection or replaces its definition (the slug is the key). */
export const saveCollectionAction = dashboardRowAction(
  'cms.collections.manage',
  // The body is checked by the handler: its problems' paths are the builder's.
  z.tuple([z.unknown()]),
  async ([body], { db, organization }): Promise<SaveCollectionResult> => {
    const input = upsertCollectionBodySchema.parse(body);
    const { collection, created } = await upsertCollection(db, organization.id, input);
    return { ok: true, slug: collection.slug, created, schemaVersion: collection.schema_version };
  },
  { revalidate, refused: (_refusal, cause) => refusal(cause) },
);

export const deleteCollectionAction = dashboardRowAction(
  'cms.collections.manage',
  z.tuple([collectionSlugSchema]),
  async ([slug], { db, organization }): Promise<{ error?: string; deletedItems?: number }> => {
    const { deleted_items } = await deleteCollection(db, organization.id, slug);
    return { deletedItems: deleted_items };
  },
  { revalidate, invalid: 'Unknown collection.' },
);
