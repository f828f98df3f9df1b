'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { requireMembership } from '@/lib/auth/session';
import { type FormState, fieldErrors, formValues } from '@/lib/forms';
import { updateOrganizationSchema } from '@/lib/organizations/schemas';
import { updateOrganization } from '@/lib/organizations/service';

export async function updateOrganizationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { organization } = await requireMembership(['owner', 'admin']);
  const values = formValues(formData, ['name', 'slug']);
  const parsed = updateOrganizationSchema.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrors(parsed.error), values };
  try {
    await updateOrganization(await getDb(), organization.id, parsed.data);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'conflict')
      return { fieldErrors: { slug: error.message }, values };
    throw error;
  }
  revalidatePath('/dashboard', 'layout');
  return { success: 'Saved.', values: parsed.data };
}
