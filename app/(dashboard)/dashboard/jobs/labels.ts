import type { howToApplyMethods, salaryPeriods } from '@/lib/jobs/schemas';

export const salaryPeriodLabels: Record<(typeof salaryPeriods)[number], string> = {
  yearly: 'per year',
  monthly: 'per month',
  weekly: 'per week',
  daily: 'per day',
  hourly: 'per hour',
};

export const howToApplyMethodLabels: Record<(typeof howToApplyMethods)[number], string> = {
  'form-external': 'External form (a URL)',
  email: 'By email',
  'form-internal': "This board's apply form",
};
