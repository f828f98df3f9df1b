import { describe, expect, it } from 'vitest';
import { planCardContent } from '@/components/board/pricing-card';
import { getDb } from '@/db/client';
import { payments } from '@/db/schema';
import { formErrors } from '@/lib/forms';
import { createPlan, updatePlan } from '@/lib/plans';
import { createTenant, createTestPlan } from '@/test/factories';
import { createPlanForm, planFormErrorRules, updatePlanForm } from './plan-form';
import {
  formValuesFromPlan,
  newPlanValues,
  type PlanFormValues,
  previewPlan,
  priceToMinor,
} from './plan-values';

const form = (fields: Partial<PlanFormValues>): PlanFormValues => ({
  ...newPlanValues('USD'),
  name: 'Single job post',
  price: '49',
  ...fields,
});

/** The editor's values as the action reads them: the body, or the errors shown. */
function bodyFromForm<Body>(
  schema: {
    safeParse: (values: unknown) => { success: true; data: Body } | { success: false; error: unknown };
  },
  values: Record<string, string>,
) {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { body: parsed.data }
    : { errors: formErrors(parsed.error, planFormErrorRules(values as PlanFormValues)) };
}
const createBodyFromForm = (values: PlanFormValues) => bodyFromForm(createPlanForm, values);
const updateBodyFromForm = (values: PlanFormValues) =>
  bodyFromForm(updatePlanForm, { id: '0190a5e4-0000-7000-8000-000000000000', ...values });
const planFormErrors = (error: unknown, values: PlanFormValues) =>
  formErrors(error, planFormErrorRules(values));

describe('the plan form', () => {
  it.each([
    ['49', 'USD', 4900],
    ['49.5', 'USD', 4950],
    [' 49.50 ', 'USD', 4950],
    ['0.29', 'USD', 29],
    ['49.', 'USD', 4900],
    ['5000', 'JPY', 5000],
    ['5000.00', 'JPY', 5000],
    ['1.234', 'BHD', 1234],
    ['49.505', 'USD', null],
    ['10.5', 'JPY', null],
    ['49,50', 'EUR', null],
    ['-5', 'USD', null],
    ['', 'USD', null],
  ])('reads the price %j in %s as %j minor units', (text, currency, minor) => {
    expect(priceToMinor(text, currency)).toBe(minor);
  });

  it('sends what the kind uses, as POST /plans takes it', () => {
    expect(createBodyFromForm(form({ featured: 'on', jobs_included: '3' })).body).toEqual({
      name: 'Single job post',
      description: null,
      kind: 'job_post',
      amount: 4900,
      currency: 'USD',
      interval: 'one_time',
      jobs_included: 3,
      featured: true,
      job_duration_days: 30,
      trial_days: 0,
      is_active: true,
      provider_price_id: null,
    });
    // A paywall sends no job posts, whatever the hidden inputs held.
    expect(
      createBodyFromForm(
        form({ kind: 'paywall', interval: 'year', trial_days: '7', featured: 'on', is_active: '' }),
      ).body,
    ).toMatchObject({
      kind: 'paywall',
      interval: 'year',
      jobs_included: null,
      featured: false,
      job_duration_days: 30,
      trial_days: 7,
      is_active: false,
    });
  });

  it('says what is wrong on each input, in the form’s words', () => {
    const { errors } = createBodyFromForm(
      form({ name: ' ', price: '49.999', kind: 'job_subscription', interval: 'month', jobs_included: '' }),
    );
    expect(errors).toEqual({
      error: 'Some fields need attention: see the messages on them.',
      fieldErrors: {
        name: 'Give the plan a name.',
        price: 'Prices in USD have at most 2 decimals.',
      },
    });
    // Once the fields are right, the rules between them.
    expect(
      createBodyFromForm(form({ kind: 'job_subscription', interval: 'month', jobs_included: '' })).errors
        ?.fieldErrors,
    ).toEqual({ jobs_included: 'Enter how many job posts the plan includes, from 1 to 10,000.' });
    expect(createBodyFromForm(form({ price: '' })).errors?.fieldErrors).toEqual({
      price: 'Enter a price; 0 makes the plan free.',
    });
    expect(createBodyFromForm(form({ price: '12.5', currency: 'JPY' })).errors?.fieldErrors).toEqual({
      price: 'Prices in JPY have no decimals.',
    });
    expect(createBodyFromForm(form({ price: '1000000' })).errors?.fieldErrors).toEqual({
      price: 'The price can be at most $999,999.99.',
    });
    expect(createBodyFromForm(form({ job_duration_days: '0' })).errors?.fieldErrors).toEqual({
      job_duration_days: 'Enter a number of days from 1 to 365.',
    });
  });

  it('round-trips a stored plan, and shows the service’s refusals', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const plan = await createPlan(
      db,
      organization.id,
      createBodyFromForm(form({ price: '49.5', currency: 'EUR' })).body!,
    );
    const values = formValuesFromPlan(plan);
    expect(values).toMatchObject({ price: '49.50', currency: 'EUR', kind: 'job_post', jobs_included: '1' });
    expect(updateBodyFromForm(values).body).toMatchObject({ amount: 4950, currency: 'EUR' });

    const sold = await createTestPlan(organization.id);
    await db.insert(payments).values({
      organizationId: organization.id,
      planId: sold.id,
      amount: 9,
      currency: 'USD',
      status: 'succeeded',
      paymentProvider: 'local',
      providerReference: 'x',
    });
    const refusal = await updatePlan(db, organization.id, sold.id, { interval: 'year' }).catch((error) =>
      planFormErrors(error, values),
    );
    expect(refusal).toEqual({ error: expect.stringMatching(/its interval cannot change/), fieldErrors: {} });
  });

  it('previews what is typed so far, with placeholders for the rest', () => {
    const card = planCardContent(
      previewPlan(form({ name: '', price: '', jobs_included: '3', featured: 'on' })),
    );
    expect(card).toEqual({
      name: 'Plan name',
      description: null,
      price: '$0',
      intervalLabel: 'one-time',
      features: ['3 job posts', 'Featured placement', 'Listed 30 days'],
    });
    expect(
      planCardContent(
        previewPlan(
          form({
            kind: 'job_subscription',
            interval: 'year',
            price: '490',
            currency: 'EUR',
            jobs_included: '1',
            job_duration_days: '1',
            trial_days: '14',
          }),
        ),
      ),
    ).toMatchObject({
      price: '€490',
      intervalLabel: '/year',
      features: ['1 job post a year', 'Listed 1 day', '14-day free trial'],
    });
    expect(
      planCardContent(
        previewPlan(form({ kind: 'paywall', interval: 'month', price: '9.5', trial_days: '7' })),
      ),
    ).toMatchObject({
      price: '$9.50',
      intervalLabel: '/month',
      features: ['Full access to the board', '7-day free trial'],
    });
  });
});
