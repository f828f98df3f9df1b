'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { createAuthorBodySchema, updateAuthorBodySchema } from '@/lib/authors/schemas';
import { createAuthor, deleteAuthor, updateAuthor } from '@/lib/authors/service';
import { AppError } from '@/lib/core/errors';
import { type FormState, formMessage } from '@/lib/forms';
import { dashboardAction, textFields } from '../dashboard-action';
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

export async function deleteAuthorAction(id: string, reassignTo?: string): Promise<DeleteAuthorResult> {
  const { organization } = await requireMembership('authors.write');
  const authorId = z.uuid().safeParse(id);
  const successor = z
    .uuid()
    .optional()
    .safeParse(reassignTo || undefined);
  if (!authorId.success || !successor.success) return { error: 'Unknown author.' };
  try {
    await deleteAuthor(await getDb(), organization.id, authorId.data, { reassignTo: successor.data });
  } catch (error) {
    const inUse = error instanceof AppError && error.code === 'conflict' && !successor.data;
    return { error: formMessage(error), inUse };
  } finally {
    revalidatePath(authorsPath);
  }
  return {};
}
