// The Payments settings form as text fields, and the PUT /organization/payments body they make: the
// API's schema and service keep the rules (Stripe needs both keys, the keys must be in the vault).
import type { FormErrorRules } from '@/lib/forms';
import type { PaymentSettingsOut } from '@/lib/payments/schemas';
import { SECRET_REF_PREFIX } from '@/lib/secrets/schemas';

export const paymentFields = [
  'provider',
  'secret_key',
  'webhook_secret',
  'currency',
  'paid_jobs_need_approval',
  'jobs_preview_count',
  'paywall_apply',
  'members_only_posts',
] as const;

export type PaymentFormValues = Record<(typeof paymentFields)[number], string>;

const checked = (on: boolean) => (on ? 'on' : '');

export function paymentFormValues(settings: PaymentSettingsOut): PaymentFormValues {
  return {
    provider: settings.provider ?? '',
    secret_key: settings.secret_key ?? '',
    webhook_secret: settings.webhook_secret ?? '',
    currency: settings.currency,
    paid_jobs_need_approval: checked(settings.paid_jobs_need_approval),
    jobs_preview_count: settings.paywall?.jobs_preview_count?.toString() ?? '',
    paywall_apply: checked(settings.paywall?.apply ?? false),
    members_only_posts: checked(settings.paywall?.members_only_posts ?? false),
  };
}

/**
 * The body for putPaymentSettingsBodySchema. The key selects count only for Stripe: choosing another
 * provider keeps the saved references, ready for switching back. A paywall that gates nothing is null.
 */
export function paymentSettingsBody(values: PaymentFormValues): Record<string, unknown> {
  const provider = values.provider || null;
  const count = values.jobs_preview_count.trim();
  const paywall = {
    // Anything but digits goes to the schema as typed, which refuses it on the field.
    jobs_preview_count: count === '' ? null : /^\d+$/.test(count) ? Number(count) : count,
    apply: values.paywall_apply === 'on',
    members_only_posts: values.members_only_posts === 'on',
  };
  const gates = paywall.jobs_preview_count !== null || paywall.apply || paywall.members_only_posts;
  return {
    provider,
    ...(provider === 'stripe'
      ? { secret_key: values.secret_key || null, webhook_secret: values.webhook_secret || null }
      : {}),
    currency: values.currency,
    paid_jobs_need_approval: values.paid_jobs_need_approval === 'on',
    paywall: gates ? paywall : null,
  };
}

const keyWords = {
  secret_key: 'the Stripe secret key (sk_live_… or sk_test_…)',
  webhook_secret: 'the webhook signing secret (whsec_…)',
} as const;

/** How refusals show: on their field, in the dashboard's words rather than the API's. */
export function paymentErrorRules(values: PaymentFormValues): FormErrorRules {
  const missingOrGone = (field: keyof typeof keyWords) => () =>
    values[field]
      ? `There is no secret named ${values[field].slice(SECRET_REF_PREFIX.length)} in Secrets any more. Choose another.`
      : `Stripe needs this: choose the secret that holds ${keyWords[field]}.`;
  return {
    fields: (field) =>
      field.startsWith('paywall.jobs_preview_count')
        ? 'jobs_preview_count'
        : paymentFields.find((name) => field === name),
    answers: ['validation_error'],
    fieldWords: {
      provider: 'Choose how members pay.',
      secret_key: missingOrGone('secret_key'),
      webhook_secret: missingOrGone('webhook_secret'),
      currency: 'Choose a currency.',
      jobs_preview_count: 'Enter a whole number from 0 to 10,000, or leave it empty to keep jobs open.',
    },
    summary: 'Some fields need attention: see the messages on them.',
  };
}
