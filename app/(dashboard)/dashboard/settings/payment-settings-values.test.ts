import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { formErrors } from '@/lib/forms';
import { getPaymentSettings, putPaymentSettings } from '@/lib/payments';
import { putPaymentSettingsBodySchema } from '@/lib/payments/schemas';
import { setSecret } from '@/lib/secrets/service';
import { createTenant } from '@/test/factories';
import {
  type PaymentFormValues,
  paymentErrorRules,
  paymentFormValues,
  paymentSettingsBody,
} from './payment-settings-values';

const form = (values: Partial<PaymentFormValues> = {}): PaymentFormValues => ({
  provider: '',
  secret_key: '',
  webhook_secret: '',
  currency: 'USD',
  paid_jobs_need_approval: '',
  jobs_preview_count: '',
  paywall_apply: '',
  members_only_posts: '',
  ...values,
});

/** What the settings action does: the schema, then the service; the form's errors on a refusal. */
async function save(orgId: number, values: PaymentFormValues) {
  const rules = paymentErrorRules(values);
  const parsed = putPaymentSettingsBodySchema.safeParse(paymentSettingsBody(values));
  if (!parsed.success) return formErrors(parsed.error, rules);
  try {
    return { saved: await putPaymentSettings(await getDb(), orgId, parsed.data) };
  } catch (error) {
    return formErrors(error, rules);
  }
}

describe('the Payments settings form', () => {
  it('sends the key references only for Stripe, and no paywall when nothing is gated', () => {
    expect(paymentSettingsBody(form({ provider: 'local', secret_key: 'vault:sk', currency: 'EUR' }))).toEqual(
      {
        provider: 'local',
        currency: 'EUR',
        paid_jobs_need_approval: false,
        paywall: null,
      },
    );
    expect(
      paymentSettingsBody(
        form({ provider: 'stripe', secret_key: 'vault:sk', jobs_preview_count: ' 10 ', paywall_apply: 'on' }),
      ),
    ).toEqual({
      provider: 'stripe',
      secret_key: 'vault:sk',
      webhook_secret: null,
      currency: 'USD',
      paid_jobs_need_approval: false,
      paywall: { jobs_preview_count: 10, apply: true, members_only_posts: false },
    });
    expect(paymentSettingsBody(form({ members_only_posts: 'on' })).paywall).toEqual({
      jobs_preview_count: null,
      apply: false,
      members_only_posts: true,
    });
  });

  it('saves and reads back what was chosen', async () => {
    const { organization } = await createTenant();
    const values = form({
      provider: 'local',
      currency: 'eur',
      paid_jobs_need_approval: 'on',
      jobs_preview_count: '0',
      members_only_posts: 'on',
    });
    const answer = await save(organization.id, values);
    expect(answer).toHaveProperty('saved');
    expect(paymentFormValues(await getPaymentSettings(await getDb(), organization.id))).toEqual({
      ...values,
      currency: 'EUR',
    });
  });

  it.each([
    [
      'Stripe without keys',
      form({ provider: 'stripe' }),
      {
        secret_key:
          'Stripe needs this: choose the secret that holds the Stripe secret key (sk_live_… or sk_test_…).',
      },
    ],
    [
      'a key whose secret was deleted',
      form({ provider: 'stripe', secret_key: 'vault:gone', webhook_secret: 'vault:whsec' }),
      { secret_key: 'There is no secret named gone in Secrets any more. Choose another.' },
    ],
    [
      'a gate that is not a whole number',
      form({ provider: 'local', jobs_preview_count: '2.5' }),
      { jobs_preview_count: 'Enter a whole number from 0 to 10,000, or leave it empty to keep jobs open.' },
    ],
    [
      'a gate too large',
      form({ provider: 'local', jobs_preview_count: '20000' }),
      { jobs_preview_count: 'Enter a whole number from 0 to 10,000, or leave it empty to keep jobs open.' },
    ],
    ['an unknown currency', form({ provider: 'local', currency: 'XYZ' }), { currency: 'Choose a currency.' }],
  ])('refuses %s on its field, in the dashboard’s words', async (_case, values, fieldErrors) => {
    const { organization } = await createTenant();
    await setSecret(await getDb(), organization.id, { name: 'whsec', value: 'whsec_123' });
    expect(await save(organization.id, values)).toEqual({
      error: 'Some fields need attention: see the messages on them.',
      fieldErrors,
    });
  });
});
