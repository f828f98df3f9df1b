'use server';

import { z } from 'zod';
import { createAuthorBodySchema, updateAuthorBodySchema } from '@/lib/authors/schemas';
import { createAuthor, deleteAuthor, updateAuthor } from '@/lib/authors/service';
import { AppError } from '@/lib/core/errors';
import type { FormState } from '@/lib/forms';
import { dashboardAction, dashboardRowAction, rowId, textFields } from '../dashboard-action';
import { authorBodyFromForm } from './form';

const authorsPath = '/dashboard/authors';
const authorFields = ['name', 'avatar_url'] as const;

export interface DeleteAuthorResult {
  error?: string;
  /** The author still has pages: the dialog offers to hand them to another author. */
  inUse?: boolean;
}

const updateAuthorForm = z.object({ id: z.uuid({ error: 'Unknown author.' }) }).and(updateAuthorBodySchema);

export const createAuthorAction = dashboardAction(
  'authors.write',
  textFields(authorFields)
    .transform((values): z.input<typeof createAuthorBodySchema> => authorBodyFromForm(values))
    .pipe(createAuthorBodySchema),
  async (body, { db, organization }): Promise<FormState> => {
    const author = await createAuthor(db, organization.id, body);
    return { success: `Added ${author.name}.` };
  },
  { revalidate: [authorsPath] },
);

export const updateAuthorAction = dashboardAction(
  'authors.write',
  textFields(['id', 'name', 'avatar_url'])
    .transform(
      ({ id, ...values }): z.input<typeof updateAuthorForm> => ({ id, ...authorBodyFromForm(values) }),
    )
    .pipe(updateAuthorForm),
  async ({ id, ...body }, { db, organization }): Promise<FormState> => {
    await updateAuthor(db, organization.id, id, body);
    return { success: 'Saved.' };
  },
  // The id is the form's own: a problem with it is the form's message.
  { revalidate: [authorsPath], errors: { fields: authorFields } },
);

export const deleteAuthorAction = dashboardRowAction(
  'authors.write',
  z.tuple([
    rowId('Unknown author.'),
    z.preprocess((id) => id || undefined, rowId('Unknown author.').optional()),
  ]),
  async ([id, reassignTo], { db, organization }): Promise<DeleteAuthorResult> => {
    await deleteAuthor(db, organization.id, id, { reassignTo });
    return {};
  },
  {
    revalidate: [authorsPath],
    revalidateRefused: true,
    refused: ({ error }, cause, params) => ({
      error,
      inUse: cause instanceof AppError && cause.code === 'conflict' && !params?.[1],
    }),
  },
);
