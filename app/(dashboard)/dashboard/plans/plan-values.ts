// The plan editor's values as typed, and what the browser needs of them: labels, the price in
// minor units, the preview card's plan. (The server's side, body and errors, is plan-form.ts.)
import { currencyDigits, isCurrencyCode, toMajorUnits } from '@/lib/core/money';
import {
  DEFAULT_JOB_DURATION_DAYS,
  MAX_PLAN_AMOUNT,
  type PlanInterval,
  type PlanKind,
  type PlanOut,
  planKinds,
} from '@/lib/plans/schemas';

/** The editor's inputs. `price` is in major units as people type it (49.50); the API takes `amount`. */
export const planFormFields = [
  'name',
  'description',
  'kind',
  'price',
  'currency',
  'interval',
  'jobs_included',
  'featured',
  'job_duration_days',
  'trial_days',
  'is_active',
] as const;

export type PlanFormValues = Record<(typeof planFormFields)[number], string>;

export const kindLabels: Record<PlanKind, { title: string; description: string }> = {
  job_post: { title: 'Job post pack', description: 'Employers pay once for one or more job posts.' },
  job_subscription: {
    title: 'Job posting subscription',
    description: 'Employers pay every month or year for a number of job posts each time.',
  },
  paywall: {
    title: 'Reader access',
    description: 'Readers pay for what your board keeps behind the paywall.',
  },
};

export const intervalChoices: Record<PlanInterval, string> = {
  month: 'Every month',
  year: 'Every year',
  one_time: 'Once (one-time payment)',
};

/** Every currency Intl knows, for the currency select: built on the server, so the client renders the same list. */
export function currencyOptions(): { code: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ code, label: `${code} – ${names.of(code)}` }));
}

const isKind = (value: string): value is PlanKind => (planKinds as readonly string[]).includes(value);

/** Decimals of the chosen currency; while none is chosen, the common two. */
export const digitsOf = (currency: string) => (isCurrencyCode(currency) ? currencyDigits(currency) : 2);

/** `49`, `49.5`, `49.50` → minor units (4950); null for anything else, or more decimals than the currency has. */
export function priceToMinor(text: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const digits = digitsOf(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** A whole number typed in a number input; null when blank or not a number (the schema says why). */
export function whole(text: string): number | null {
  const trimmed = text.trim();
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

export function newPlanValues(currency: string): PlanFormValues {
  return {
    name: '',
    description: '',
    kind: 'job_post',
    price: '',
    currency,
    interval: 'one_time',
    jobs_included: '1',
    featured: '',
    job_duration_days: String(DEFAULT_JOB_DURATION_DAYS),
    trial_days: '0',
    is_active: 'on',
  };
}

export function formValuesFromPlan(plan: PlanOut): PlanFormValues {
  const digits = currencyDigits(plan.currency);
  const major = toMajorUnits(plan.amount, plan.currency);
  return {
    name: plan.name,
    description: plan.description ?? '',
    kind: plan.kind,
    price: plan.amount % 10 ** digits === 0 ? String(major) : major.toFixed(digits),
    currency: plan.currency,
    interval: plan.interval,
    jobs_included: plan.jobs_included === null ? '' : String(plan.jobs_included),
    featured: plan.featured ? 'on' : '',
    job_duration_days: String(plan.job_duration_days),
    trial_days: String(plan.trial_days),
    is_active: plan.is_active ? 'on' : '',
  };
}

/** What the preview card shows while the form is being filled in: placeholders for what is missing. */
export function previewPlan(values: PlanFormValues) {
  const kind = isKind(values.kind) ? values.kind : 'job_post';
  const currency = isCurrencyCode(values.currency) ? values.currency : 'USD';
  const interval: PlanInterval =
    kind === 'job_post' ? 'one_time' : (values.interval as PlanInterval) || 'month';
  const count = (text: string, fallback: number) => {
    const value = whole(text);
    return value !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  return {
    name: values.name.trim() || 'Plan name',
    description: values.description.trim() || null,
    kind,
    amount: Math.min(priceToMinor(values.price, currency) ?? 0, MAX_PLAN_AMOUNT),
    currency,
    interval,
    jobs_included: Math.max(1, count(values.jobs_included, 1)),
    featured: values.featured === 'on',
    job_duration_days: count(values.job_duration_days, DEFAULT_JOB_DURATION_DAYS),
    trial_days: count(values.trial_days, 0),
  };
}
