'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { createAuthorBodySchema, updateAuthorBodySchema } from '@/lib/authors/schemas';
import { createAuthor, deleteAuthor, updateAuthor } from '@/lib/authors/service';
import { AppError } from '@/lib/core/errors';
import { type FormState, formErrors, formMessage, formValues } from '@/lib/forms';
import { authorBodyFromForm } from './form';

const authorsPath = '/dashboard/authors';
const authorFields = ['name', 'avatar_url'];

export interface AuthorFormState extends FormState {
  /** Counts answers, so the form remounts with the values it is given. */
  submission?: number;
}

export interface DeleteAuthorResult {
  error?: string;
  /** The author still has pages: the dialog offers to hand them to another author. */
  inUse?: boolean;
}

function next(previous: AuthorFormState, state: Omit<AuthorFormState, 'submission'>): AuthorFormState {
  return { ...state, submission: (previous.submission ?? 0) + 1 };
}

export async function createAuthorAction(
  previous: AuthorFormState,
  formData: FormData,
): Promise<AuthorFormState> {
  const { organization } = await requireMembership('authors.write');
  const values = formValues(formData, authorFields);
  const parsed = createAuthorBodySchema.safeParse(authorBodyFromForm(values));
  if (!parsed.success)
    return next(previous, { ...formErrors(parsed.error, { fields: authorFields }), values });
  const author = await createAuthor(await getDb(), organization.id, parsed.data);
  revalidatePath(authorsPath);
  return next(previous, { success: `Added ${author.name}.` });
}

export async function updateAuthorAction(
  previous: AuthorFormState,
  formData: FormData,
): Promise<AuthorFormState> {
  const { organization } = await requireMembership('authors.write');
  const id = z.uuid().safeParse(formData.get('id'));
  if (!id.success) return next(previous, { error: 'Unknown author.' });
  const values = formValues(formData, authorFields);
  const parsed = updateAuthorBodySchema.safeParse(authorBodyFromForm(values));
  if (!parsed.success)
    return next(previous, { ...formErrors(parsed.error, { fields: authorFields }), values });
  try {
    await updateAuthor(await getDb(), organization.id, id.data, parsed.data);
  } catch (error) {
    return next(previous, { ...formErrors(error, { fields: authorFields }), values });
  }
  revalidatePath(authorsPath);
  return next(previous, { success: 'Saved.' });
}

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
