import { describe, expect, it } from 'vitest';
import { opensPaywall } from './paywall';

const now = new Date('2026-11-25T12:00:00Z');
const later = new Date('2026-12-25T12:00:00Z');
const earlier = new Date('2026-10-25T12:00:00Z');
const paywallMonthly = { kind: 'paywall', interval: 'month' };
const paywallOnce = { kind: 'paywall', interval: 'one_time' };
const jobPlan = { kind: 'job_subscription', interval: 'month' };

describe('hasValidPaywallSubscription', () => {
  const statuses = [
    'incomplete',
    'trialing',
    'active',
    'past_due',
    'unpaid',
    'canceled',
    'incomplete_expired',
    'paused',
  ];
  it.each(
    statuses.flatMap((status) =>
      [later, earlier, null].flatMap((end) =>
        [paywallMonthly, jobPlan].map((plan) => ({
          status,
          end,
          plan,
          open: plan.kind === 'paywall' && (status === 'active' || status === 'trialing') && end === later,
        })),
      ),
    ),
  )('a $plan.kind subscription $status ending $end opens it: $open', ({ status, end, plan, open }) => {
    expect(opensPaywall([{ status, currentPeriodEnd: end, plan }], [], now)).toBe(open);
  });

  it.each([
    { status: 'succeeded', plan: paywallOnce, open: true },
    { status: 'refunded', plan: paywallOnce, open: false },
    { status: 'pending', plan: paywallOnce, open: false },
    { status: 'failed', plan: paywallOnce, open: false },
    // A payment of a recurring plan counts through its subscription, not on its own.
    { status: 'succeeded', plan: paywallMonthly, open: false },
    { status: 'succeeded', plan: { kind: 'job_post', interval: 'one_time' }, open: false },
    { status: 'succeeded', plan: null, open: false },
  ])('a $status payment of $plan opens it: $open', ({ status, plan, open }) => {
    expect(opensPaywall([], [{ status, plan }], now)).toBe(open);
  });

  it('is false with nothing, and true when any one row opens it', () => {
    expect(opensPaywall([], [], now)).toBe(false);
    expect(
      opensPaywall(
        [
          { status: 'canceled', currentPeriodEnd: later, plan: paywallMonthly },
          { status: 'active', currentPeriodEnd: later, plan: paywallMonthly },
        ],
        [{ status: 'refunded', plan: paywallOnce }],
        now,
      ),
    ).toBe(true);
  });
});
