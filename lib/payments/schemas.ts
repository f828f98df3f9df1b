// Payments and subscriptions: the spec's shapes (camelCase, as the member profile shows them), the
// organization's payment settings, and the list filters.
import { z } from 'zod';
import { paginationQuery } from '@/lib/core/pagination';
import { secretRefSchema } from '@/lib/secrets';

export const paymentProviders = ['stripe', 'local'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** The provider's own words (Stripe's subscription statuses). */
export const subscriptionStatuses = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    organizationId: z.number().int(),
    userId: z.uuid().describe('The member.'),
    planId: z.uuid(),
    status: z.enum(subscriptionStatuses),
    paymentProviderSubscriptionId: z.string(),
    currentPeriodStart: z.iso.datetime().nullable(),
    currentPeriodEnd: z.iso.datetime().nullable(),
    cancelAt: z.iso.datetime().nullable(),
    canceledAt: z.iso.datetime().nullable(),
    jobsRemaining: z
      .number()
      .int()
      .nullable()
      .describe('Job posts left in this period (`job_subscription` plans); null for other plans.'),
    metadata: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'Subscription' });

export const paymentSchema = z
  .object({
    id: z.uuid(),
    organizationId: z.number().int(),
    userId: z.uuid().nullable().describe('The member; null once the member was erased.'),
    jobId: z.uuid().nullable().describe('The job this payment posted, if any.'),
    planId: z.uuid().nullable(),
    amount: z
      .number()
      .describe(
        'In major units of `currency`, unlike a plan’s `amount`: 49.5 is $49.50 in USD, 5000 is ¥5,000 in JPY (no minor unit), 1.25 is BHD 1.250 (three decimals).',
      ),
    currency: z.string().describe('ISO 4217, upper case.'),
    status: z.enum(paymentStatuses),
    paymentProvider: z.enum(paymentProviders),
    paymentProviderSessionId: z.string().describe("The provider's checkout session; empty for renewals."),
    paymentProviderPaymentIntentId: z.string().describe("The provider's payment; empty until known."),
    metadata: z
      .record(z.string(), z.unknown())
      .describe('What the provider told; a refund’s `amount_refunded` is in major units, like `amount`.'),
  })
  .meta({ id: 'Payment' });

export type SubscriptionOut = z.infer<typeof subscriptionSchema>;
export type PaymentOut = z.infer<typeof paymentSchema>;

const uuidFilter = (what: string) => z.uuid({ error: `Expected a ${what} id (UUID)` }).optional();

export const listPaymentsQuerySchema = z.object({
  ...paginationQuery(),
  member: uuidFilter('member'),
  plan: uuidFilter('plan'),
  status: z.enum(paymentStatuses, { error: `Expected one of: ${paymentStatuses.join(', ')}` }).optional(),
});

export const listSubscriptionsQuerySchema = z.object({
  ...paginationQuery(),
  member: uuidFilter('member'),
  plan: uuidFilter('plan'),
  status: z
    .enum(subscriptionStatuses, { error: `Expected one of: ${subscriptionStatuses.join(', ')}` })
    .optional(),
});

export const cancelSubscriptionBodySchema = z.object({
  at_period_end: z
    .boolean()
    .default(true)
    .describe('true (the default): access lasts until the paid period ends; false: ends now.'),
});

const paywallRulesSchema = z
  .object({
    jobs_preview_count: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .nullable()
      .default(null)
      .describe('Jobs after the newest this many are for subscribers only; null: jobs are open.'),
    apply: z.boolean().default(false).describe('Applying on the board needs a subscription.'),
    members_only_posts: z
      .boolean()
      .default(false)
      .describe('Blog posts marked members-only need a subscription.'),
  })
  .meta({ id: 'PaywallRules' });

export type PaywallRulesOut = z.infer<typeof paywallRulesSchema>;

export const paymentSettingsSchema = z
  .object({
    provider: z.enum(paymentProviders).nullable().describe('null: the board sells nothing.'),
    secret_key: z.string().nullable().describe('The `vault:<name>` reference, as given; never the key.'),
    webhook_secret: z.string().nullable().describe('The `vault:<name>` reference, as given.'),
    currency: z.string().describe('The default currency of new plans (ISO 4217).'),
    paid_jobs_need_approval: z.boolean(),
    paywall: paywallRulesSchema.nullable().describe('What only paywall subscribers see; null: nothing.'),
    webhook_url: z
      .string()
      .describe("Where the provider's webhooks go (set it in the provider's dashboard)."),
    updated_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PaymentSettings' });

export type PaymentSettingsOut = z.infer<typeof paymentSettingsSchema>;

const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => Intl.supportedValuesOf('currency').includes(code), {
    error: 'Expected an ISO 4217 currency code such as USD or EUR',
  });

export const putPaymentSettingsBodySchema = z
  .object({
    provider: z
      .enum(paymentProviders, { error: 'Expected `stripe`, `local` or null' })
      .nullable()
      .describe('`stripe`, `local` (the built-in test checkout) or null.'),
    secret_key: secretRefSchema.nullable().optional(),
    webhook_secret: secretRefSchema.nullable().optional(),
    currency: currencySchema.optional(),
    paid_jobs_need_approval: z.boolean().optional(),
    paywall: paywallRulesSchema.nullable().optional(),
  })
  .strict();

export type PutPaymentSettingsInput = z.infer<typeof putPaymentSettingsBodySchema>;
