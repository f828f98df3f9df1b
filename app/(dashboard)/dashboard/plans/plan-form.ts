// The plan editor's values as POST and PATCH bodies, checked with the API's own schemas, and
// refusals back onto the inputs, in the form's words.
import { z } from 'zod';
import { formatMoney, isCurrencyCode } from '@/lib/core/money';
import type { FormErrorRules, FormProblem } from '@/lib/forms';
import {
  createPlanBodySchema,
  MAX_JOB_DURATION_DAYS,
  MAX_JOBS_INCLUDED,
  MAX_PLAN_AMOUNT,
  MAX_TRIAL_DAYS,
  updatePlanBodySchema,
} from '@/lib/plans/schemas';
import { checkedBody, textFields } from '../form-schema';
import { digitsOf, type PlanFormValues, planFormFields, priceToMinor, whole } from './plan-values';

/** Why the price cannot be read, in the form's words; undefined when it can. */
function priceProblem(text: string, currency: string): string | undefined {
  if (text.trim() === '') return 'Enter a price; 0 makes the plan free.';
  if (priceToMinor(text, currency) !== null) return undefined;
  const digits = digitsOf(currency);
  if (/^\d+\.\d+$/.test(text.trim()))
    return digits === 0
      ? `Prices in ${currency} have no decimals.`
      : `Prices in ${currency} have at most ${digits} decimals.`;
  return 'Enter the price as a number, such as 49 or 49.50.';
}

/**
 * The body POST and PATCH take. Every field the kind uses is sent (a cleared input is an error, not
 * "keep what was there"); what the kind does not use is sent as the API expects it for that kind.
 */
function planBody(values: PlanFormValues): Record<string, unknown> {
  const sellsJobs = values.kind !== 'paywall';
  const interval = values.kind === 'job_post' ? 'one_time' : values.interval;
  return {
    name: values.name,
    description: values.description,
    kind: values.kind || undefined,
    amount: priceToMinor(values.price, values.currency) ?? undefined,
    currency: values.currency,
    interval,
    jobs_included: sellsJobs ? whole(values.jobs_included) : null,
    featured: sellsJobs && values.featured === 'on',
    ...(sellsJobs ? { job_duration_days: whole(values.job_duration_days) } : {}),
    trial_days: interval === 'one_time' ? 0 : whole(values.trial_days),
    is_active: values.is_active === 'on',
  };
}

const SUMMARY = 'Some fields need attention: see the messages on them.';

/** The API's messages name fields as `code`; the form shows plain text. */
const plain = ({ message }: FormProblem) => message.replaceAll('`', '');

const days = (min: number, max: number) => () => `Enter a number of days from ${min} to ${max}.`;

/** How a refusal of the schema or the service shows on the editor's inputs, in its words. */
export function planFormErrorRules(values: PlanFormValues): FormErrorRules {
  const currency = isCurrencyCode(values.currency) ? values.currency : 'USD';
  return {
    fields: (field) => {
      const head = field.split('.')[0] ?? '';
      if (head === 'amount') return 'price';
      return (planFormFields as readonly string[]).includes(head) ? head : undefined;
    },
    answers: ['validation_error', 'not_found', 'conflict'],
    summary: SUMMARY,
    words: { not_found: 'This plan no longer exists.' },
    fieldWords: {
      name: (problem) => (problem.code === 'too_small' ? 'Give the plan a name.' : plain(problem)),
      description: plain,
      kind: 'Choose what the plan sells.',
      price: (problem) =>
        problem.code === 'too_big'
          ? `The price can be at most ${formatMoney(MAX_PLAN_AMOUNT, currency)}.`
          : plain(problem),
      currency: 'Choose a currency.',
      interval: plain,
      jobs_included: `Enter how many job posts the plan includes, from 1 to ${MAX_JOBS_INCLUDED.toLocaleString('en-US')}.`,
      job_duration_days: days(1, MAX_JOB_DURATION_DAYS),
      trial_days: days(0, MAX_TRIAL_DAYS),
    },
  };
}

/** The price as typed is the form's own: its reason comes before the schema's about `amount`. */
const priceProblems = (values: PlanFormValues) => ({ price: priceProblem(values.price, values.currency) });

/** The editor's values as POST /plans' body, checked with the API's schema. */
export const createPlanForm = checkedBody(
  textFields(planFormFields),
  planBody,
  createPlanBodySchema,
  priceProblems,
);

/** The editor's values and the plan's id as PATCH /plans/{id}'s body, checked with the API's schema. */
export const updatePlanForm = checkedBody(
  textFields(['id', ...planFormFields]),
  ({ id, ...values }) => ({ id, ...planBody(values) }),
  z.object({ id: z.uuid({ error: 'Unknown plan.' }) }).and(updatePlanBodySchema),
  priceProblems,
);
