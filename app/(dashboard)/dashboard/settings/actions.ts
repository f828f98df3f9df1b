'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { type FormErrorRules, type FormState, formErrors, formValues } from '@/lib/forms';
import { setCustomDomain, toDomainOut, verifyCustomDomain } from '@/lib/organizations';
import {
  boardLookSchema,
  corsOriginsSchema,
  putDomainBodySchema,
  updateOrganizationSchema,
} from '@/lib/organizations/schemas';
import { setCorsOrigins, updateOrganization, updateOrganizationSettings } from '@/lib/organizations/service';
import { putPaymentSettings } from '@/lib/payments';
import { putPaymentSettingsBodySchema } from '@/lib/payments/schemas';
import { dashboardAction } from '../dashboard-action';
import { originLines, originsError } from './cors-origins';
import {
  type PaymentFormValues,
  paymentErrorRules,
  paymentFields,
  paymentFormValues,
  paymentSettingsBody,
} from './payment-settings-values';

// A taken slug is the refusal this form answers; anything else (the organization gone) stays a crash.
const organizationErrorRules: FormErrorRules = {
  fields: ['name', 'slug'],
  answers: ['conflict'],
  codeFields: { conflict: 'slug' },
};

export const updateOrganizationAction = dashboardAction(
  'settings.manage',
  updateOrganizationSchema,
  async (input, { db, organization }): Promise<FormState> => {
    await updateOrganization(db, organization.id, input);
    return { success: 'Saved.', values: input };
  },
  { revalidate: [['/dashboard', 'layout']], errors: organizationErrorRules },
);

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

const lookFields = ['logo_url', 'accent_color', 'tagline', 'footer_text', 'nav_links'];

/** `Label | https://…` or `Label | /path`, one link a line. */
function navLinkLines(text: string): { label: string; url: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.lastIndexOf('|');
      return bar < 0
        ? { label: line, url: '' }
        : { label: line.slice(0, bar).trim(), url: line.slice(bar + 1).trim() };
    });
}

export async function updateBoardLookAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { organization } = await requireMembership('settings.manage');
  const values = formValues(formData, lookFields);
  const parsed = boardLookSchema.safeParse({
    logo_url: values.logo_url || null,
    accent_color: values.accent_color || null,
    tagline: values.tagline,
    footer_text: values.footer_text,
    nav_links: navLinkLines(values.nav_links ?? ''),
  });
  if (!parsed.success) {
    return {
      ...formErrors(parsed.error, { fields: (field) => lookFields.find((name) => field.startsWith(name)) }),
      values,
    };
  }
  await updateOrganizationSettings(await getDb(), organization, { board: parsed.data });
  revalidatePath('/dashboard/settings');
  return { success: 'Saved. Your board shows the change now.', values };
}

export async function setDomainAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { organization } = await requireMembership('settings.manage');
  const values = formValues(formData, ['domain']);
  const parsed = putDomainBodySchema.safeParse({ domain: values.domain?.trim() ? values.domain : null });
  if (!parsed.success) return { ...formErrors(parsed.error, { fields: ['domain'] }), values };
  const db = await getDb();
  try {
    let org = await setCustomDomain(db, organization, parsed.data.domain);
    if (org.customDomain) org = await verifyCustomDomain(db, org);
    revalidatePath('/dashboard/settings');
    const status = toDomainOut(org).status;
    return {
      success: !org.customDomain
        ? 'Custom domain removed; your board is back at its default address.'
        : status === 'verified'
          ? `Verified: your board is live at https://${org.customDomain}.`
          : 'Saved. Create the DNS records below, then check again (DNS changes can take a while to appear).',
      values: { domain: org.customDomain ?? '' },
    };
  } catch (error) {
    return {
      ...formErrors(error, {
        fields: ['domain'],
        answers: ['conflict', 'validation_error'],
        codeFields: { conflict: 'domain' },
      }),
      values,
    };
  }
}

export interface PaymentFormState extends FormState {
  /** Counts answers, so the form remounts with the values it carries. */
  submission?: number;
}

const providerSaved = {
  none: 'Saved. Your board sells nothing now.',
  local: 'Saved. Your board takes test payments through the local checkout: no real money changes hands.',
  stripe: 'Saved. Your board takes payments through Stripe.',
};

export async function updatePaymentSettingsAction(
  previous: PaymentFormState,
  formData: FormData,
): Promise<PaymentFormState> {
  const { organization } = await requireMembership('settings.manage');
  const submission = (previous.submission ?? 0) + 1;
  const values = formValues(formData, [...paymentFields]) as PaymentFormValues;
  const rules = paymentErrorRules(values);
  const parsed = putPaymentSettingsBodySchema.safeParse(paymentSettingsBody(values));
  if (!parsed.success) return { ...formErrors(parsed.error, rules), values, submission };
  try {
    const saved = await putPaymentSettings(await getDb(), organization.id, parsed.data);
    revalidatePath('/dashboard/settings');
    revalidatePath('/dashboard/payments');
    return { success: providerSaved[saved.provider ?? 'none'], values: paymentFormValues(saved), submission };
  } catch (error) {
    return { ...formErrors(error, rules), values, submission };
  }
}
