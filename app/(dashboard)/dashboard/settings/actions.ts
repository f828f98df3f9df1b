'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { type FormErrorRules, type FormState, formErrors, formValues } from '@/lib/forms';
import { corsOriginsSchema, updateOrganizationSchema } from '@/lib/organizations/schemas';
import { setCorsOrigins, updateOrganization } from '@/lib/organizations/service';
import { originLines, originsError } from './cors-origins';

// A taken slug is the refusal this form answers; anything else (the organization gone) stays a crash.
const organizationErrorRules: FormErrorRules = {
  fields: ['name', 'slug'],
  answers: ['conflict'],
  codeFields: { conflict: 'slug' },
};

export async function updateOrganizationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { organization } = await requireMembership('settings.manage');
  const values = formValues(formData, ['name', 'slug']);
  const parsed = updateOrganizationSchema.safeParse(values);
  if (!parsed.success) return { ...formErrors(parsed.error, organizationErrorRules), values };
  try {
    await updateOrganization(await getDb(), organization.id, parsed.data);
  } catch (error) {
    return { ...formErrors(error, organizationErrorRules), values };
  }
  revalidatePath('/dashboard', 'layout');
  return { success: 'Saved.', values: parsed.data };
}

export async function setCorsOriginsAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { organization } = await requireMembership('settings.manage');
  const values = formValues(formData, ['origins']);
  const lines = originLines(values.origins ?? '');
  const parsed = corsOriginsSchema.safeParse(lines);
  if (!parsed.success) return { fieldErrors: { origins: originsError(parsed.error, lines) }, values };
  const saved = await setCorsOrigins(await getDb(), organization.id, parsed.data);
  revalidatePath('/dashboard/settings');
  const origins = saved.corsOrigins.join('\n');
  return {
    success:
      saved.corsOrigins.length === 0
        ? 'Saved. Browsers on other sites cannot call the public routes.'
        : 'Saved.',
    values: { origins },
  };
}
