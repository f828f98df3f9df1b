'use server';

import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
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
import { dashboardAction, textFields } from '../dashboard-action';
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

const lookFields = ['logo_url', 'accent_color', 'tagline', 'footer_text', 'nav_links'] as const;

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

export const updateBoardLookAction = dashboardAction(
  'settings.manage',
  textFields(lookFields)
    .transform(
      (values): z.input<typeof boardLookSchema> => ({
        logo_url: values.logo_url || null,
        accent_color: values.accent_color || null,
        tagline: values.tagline,
        footer_text: values.footer_text,
        nav_links: navLinkLines(values.nav_links),
      }),
    )
    .pipe(boardLookSchema),
  async (board, { db, organization, values }): Promise<FormState> => {
    await updateOrganizationSettings(db, organization, { board });
    return { success: 'Saved. Your board shows the change now.', values };
  },
  {
    revalidate: ['/dashboard/settings'],
    errors: { fields: (field) => lookFields.find((name) => field.startsWith(name)) },
  },
);

export const setDomainAction = dashboardAction(
  'settings.manage',
  textFields(['domain'])
    .transform(
      ({ domain }): z.input<typeof putDomainBodySchema> => ({ domain: domain.trim() ? domain : null }),
    )
    .pipe(putDomainBodySchema),
  async ({ domain }, { db, organization }): Promise<FormState> => {
    let org = await setCustomDomain(db, organization, domain);
    if (org.customDomain) org = await verifyCustomDomain(db, org);
    const status = toDomainOut(org).status;
    return {
      success: !org.customDomain
        ? 'Custom domain removed; your board is back at its default address.'
        : status === 'verified'
          ? `Verified: your board is live at https://${org.customDomain}.`
          : 'Saved. Create the DNS records below, then check again (DNS changes can take a while to appear).',
      values: { domain: org.customDomain ?? '' },
    };
  },
  {
    revalidate: ['/dashboard/settings'],
    errors: { answers: ['conflict', 'validation_error'], codeFields: { conflict: 'domain' } },
  },
);

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
