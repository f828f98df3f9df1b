import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/core/money';
import type { PlanInterval, PlanOut } from '@/lib/plans/schemas';

export const intervalLabels: Record<PlanInterval, string> = {
  one_time: 'one-time',
  month: '/month',
  year: '/year',
};

export interface PricingCardContent {
  name: string;
  description: string | null;
  /** Formatted in the plan's currency: `$49`, `€19.50`. */
  price: string;
  /** `/month`, `/year` or `one-time`. */
  intervalLabel: string;
  /** What the plan includes, one short line each. */
  features: string[];
}

type CardPlan = Pick<
  PlanOut,
  | 'name'
  | 'description'
  | 'kind'
  | 'amount'
  | 'currency'
  | 'interval'
  | 'jobs_included'
  | 'featured'
  | 'job_duration_days'
  | 'trial_days'
>;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A plan as its pricing card says it: the board's pricing page and the dashboard's preview alike,
 * the price in the organization's `locale`.
 */
export function planCardContent(plan: CardPlan, locale?: string): PricingCardContent {
  const features: string[] = [];
  if (plan.kind === 'paywall') {
    features.push('Full access to the board');
  } else {
    const posts = count(plan.jobs_included ?? 1, 'job post', 'job posts');
    features.push(plan.kind === 'job_subscription' ? `${posts} a ${plan.interval}` : posts);
    if (plan.featured) features.push('Featured placement');
    features.push(`Listed ${count(plan.job_duration_days, 'day', 'days')}`);
  }
  if (plan.trial_days > 0 && plan.interval !== 'one_time') features.push(`${plan.trial_days}-day free trial`);
  return {
    name: plan.name,
    description: plan.description,
    price: formatMoney(plan.amount, plan.currency, locale),
    intervalLabel: intervalLabels[plan.interval],
    features,
  };
}

/**
 * One plan on the board's pricing page: name, price, what it includes, and `children` (the buy
 * button or form) at the bottom, so cards side by side line their buttons up.
 */
export function PricingCard({
  name,
  description,
  price,
  intervalLabel,
  features,
  headingLevel: Heading = 'h2',
  children,
}: PricingCardContent & { headingLevel?: 'h2' | 'h3'; children?: ReactNode }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-border bg-white p-6 shadow-sm">
      <Heading className="text-lg font-semibold leading-snug break-words">{name}</Heading>
      {description ? (
        <p className="mt-1 text-sm whitespace-pre-line break-words text-zinc-700">{description}</p>
      ) : null}
      <p className="mt-4 flex flex-wrap items-baseline gap-x-1">
        <span className="text-4xl font-bold tracking-tight">{price}</span>
        <span className="text-sm font-medium text-zinc-700">{intervalLabel}</span>
      </p>
      {features.length > 0 ? (
        <ul className="mt-6 grid gap-2 text-sm" aria-label={`${name} includes`}>
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      {children ? <div className="mt-auto pt-6">{children}</div> : null}
    </article>
  );
}
