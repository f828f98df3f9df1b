'use server';

import type { z } from 'zod';
import { putAnalyticsSettings, putAnalyticsSettingsBodySchema } from '@/lib/analytics';
import type { FormErrorRules, FormState } from '@/lib/forms';
import { setCustomDomain, toDomainOut, verifyCustomDomain } from '@/lib/organizations';
import { embedOriginsSchema } from '@/lib/organizations/embed-origins';
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

export const setCorsOriginsAction = dashboardAction(
  'settings.manage',
  textFields(['origins'])
    .transform(({ origins }) => originLines(origins))
    .pipe(corsOriginsSchema),
  async (origins, { db, organization }): Promise<FormState> => {
    const saved = await setCorsOrigins(db, organization.id, origins);
    return {
      success:
        saved.corsOrigins.length === 0
          ? 'Saved. Browsers on other sites cannot call the public routes.'
          : 'Saved.',
      values: { origins: saved.corsOrigins.join('\n') },
    };
  },
  {
    revalidate: ['/dashboard/settings'],
    // Only the schema refuses (answers: no service error), and it speaks of the text area's lines.
    errors: (values) => ({
      fields: () => 'origins',
      answers: [],
      fieldWords: {
        origins: (_problem, error) => originsError(error as z.ZodError, originLines(values.origins ?? '')),
      },
    }),
  },
);

export const setEmbedOriginsAction = dashboardAction(
  'settings.manage',
  textFields(['origins'])
    .transform(({ origins }) => originLines(origins))
    .pipe(embedOriginsSchema),
  async (origins, { db, organization }): Promise<FormState> => {
    const saved = await updateOrganizationSettings(db, organization, { embed_origins: origins });
    return {
      success:
        saved.embedOrigins.length === 0
          ? 'Saved. No site can show the widget now.'
          : 'Saved. Those sites can show the widget now.',
      values: { origins: saved.embedOrigins.join('\n') },
    };
  },
  {
    revalidate: ['/dashboard/settings/widget'],
    errors: (values) => ({
      fields: () => 'origins',
      answers: [],
      fieldWords: {
        origins: (_problem, error) => originsError(error as z.ZodError, originLines(values.origins ?? '')),
      },
    }),
  },
);

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
    revalidate: ['/dashboard/settings/look'],
    errors: { fields: (field) => lookFields.find((name) => field.startsWith(name)) },
  },
);

const domainStatusWords = {
  none: 'no domain',
  pending: 'DNS pending',
  verified: 'verified',
  failing: 'failing',
} as const;

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
    // The form shows the domain's status (from the revalidated page) as the answer; this names it.
    return {
      success: org.customDomain
        ? `Checked: ${domainStatusWords[toDomainOut(org).status]}.`
        : 'Custom domain removed; your board is back at its default address.',
      values: { domain: org.customDomain ?? '' },
    };
  },
  {
    revalidate: ['/dashboard/settings/domain'],
    errors: { answers: ['conflict', 'validation_error'], codeFields: { conflict: 'domain' } },
  },
);

const providerSaved = {
  none: 'Saved. Your board sells nothing now.',
  local: 'Saved. Your board takes test payments through the local checkout: no real money changes hands.',
  stripe: 'Saved. Your board takes payments through Stripe.',
};

export const updatePaymentSettingsAction = dashboardAction(
  'settings.manage',
  textFields(paymentFields)
    .transform((values) => paymentSettingsBody(values))
    .pipe(putPaymentSettingsBodySchema),
  async (body, { db, organization }): Promise<FormState> => {
    const saved = await putPaymentSettings(db, organization.id, body);
    return { success: providerSaved[saved.provider ?? 'none'], values: paymentFormValues(saved) };
  },
  {
    revalidate: ['/dashboard/settings/payments', '/dashboard/payments'],
    errors: (values) => paymentErrorRules(values as PaymentFormValues),
  },
);

/** The form's text as the API's body: the same schema (and so the same time zones and bounds) decides. */
function analyticsBody({
  timezone,
  retention_days,
}: Record<'timezone' | 'retention_days', string>): z.input<typeof putAnalyticsSettingsBodySchema> {
  const days = retention_days.trim();
  // Not a whole number (empty, "90.5", "ninety"): NaN, which the schema refuses as it refuses a bad number.
  return { timezone, retention_days: /^\d+$/.test(days) ? Number(days) : Number.NaN };
}

export const updateAnalyticsSettingsAction = dashboardAction(
  'settings.manage',
  textFields(['timezone', 'retention_days']).transform(analyticsBody).pipe(putAnalyticsSettingsBodySchema),
  async (body, { db, organization }): Promise<FormState> => {
    const saved = await putAnalyticsSettings(db, organization.id, body);
    return {
      success: `Saved. Charts read days in ${saved.timezone} time; raw events are kept ${saved.retention_days} days.`,
      values: { timezone: saved.timezone, retention_days: String(saved.retention_days) },
    };
  },
  {
    revalidate: ['/dashboard/settings/analytics', '/dashboard'],
    errors: {
      fields: ['timezone', 'retention_days'],
      fieldWords: {
        timezone: 'Choose a time zone from the list.',
        retention_days: 'Enter a whole number of days from 1 to 3,650.',
      },
    },
  },
);
