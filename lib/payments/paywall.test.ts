// Who the paywall lets through (opensPaywall, memberBilling, paywallView) and what it keeps from
// the others: which jobs (jobGatedSql, jobBehindPaywall) and how much of them (jobTeaser).
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs, subscriptions } from '@/db/schema';
import { DAY_MS } from '@/lib/core/time';
import { createMember } from '@/lib/members';
import { createTenant, createTestJob, createTestPlan } from '@/test/factories';
import {
  JOB_TEASER_CHARS,
  jobBehindPaywall,
  jobGatedSql,
  jobTeaser,
  jobTeaserHtml,
  memberBilling,
  opensPaywall,
  type PaywallView,
  paywallView,
} from './paywall';
import { putPaymentSettings } from './settings';

const now = new Date('2026-11-25T12:00:00Z');
const later = new Date('2026-12-25T12:00:00Z');
const earlier = new Date('2026-10-25T12:00:00Z');
const paywallMonthly = { kind: 'paywall', interval: 'month' };
const paywallOnce = { kind: 'paywall', interval: 'one_time' };
const jobPlan = { kind: 'job_subscription', interval: 'month' };

describe('opensPaywall: hasValidPaywallSubscription from the rows', () => {
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

async function paywalledBoard(jobsPreviewCount: number | null) {
  const db = await getDb();
  const { organization } = await createTenant();
  const orgId = organization.id;
  await putPaymentSettings(db, orgId, {
    provider: 'local',
    paywall: { jobs_preview_count: jobsPreviewCount, apply: false, members_only_posts: false },
  });
  return { db, orgId };
}

async function subscriber(orgId: number, status = 'active', periodEnd = new Date(Date.now() + 30 * DAY_MS)) {
  const db = await getDb();
  const member = await createMember(db, orgId, {
    email: `reader-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Reader',
    role: 'candidate',
  });
  const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'month' });
  await db.insert(subscriptions).values({
    organizationId: orgId,
    userId: member.id,
    planId: plan.id,
    status,
    paymentProviderSubscriptionId: `lsub_${member.id}`,
    currentPeriodEnd: periodEnd,
  });
  return member.id;
}

describe('paywallView and memberBilling', () => {
  it('lets a member with a valid paywall subscription through, and nobody else', async () => {
    const { db, orgId } = await paywalledBoard(1);
    const reader = await subscriber(orgId);
    const lapsed = await subscriber(orgId, 'canceled');
    expect((await memberBilling(db, orgId, reader)).hasValidPaywallSubscription).toBe(true);
    expect((await memberBilling(db, orgId, lapsed)).hasValidPaywallSubscription).toBe(false);
    expect(await paywallView(db, orgId, null)).toEqual({
      rules: { jobs_preview_count: 1, apply: false, members_only_posts: false },
      open: false,
      entitlements: new Set(),
    });
    expect(await paywallView(db, orgId, lapsed)).toMatchObject({ open: false, entitlements: new Set() });
    expect(await paywallView(db, orgId, reader)).toMatchObject({
      open: true,
      entitlements: new Set(['paywall']),
    });
    // Without a provider nobody could subscribe, so nothing is gated.
    await putPaymentSettings(db, orgId, { provider: null });
    expect(await paywallView(db, orgId, null)).toMatchObject({ rules: null, open: true });
  });
});

describe('jobGatedSql and jobBehindPaywall: which jobs a visitor reads in full', () => {
  /** Every job of the board, oldest first, with the SQL decision and the one-job decision. */
  async function decisions(db: Awaited<ReturnType<typeof getDb>>, orgId: number, view: PaywallView) {
    const rows = await db
      .select({ id: jobs.id, title: jobs.title, gated: sql<boolean>`${jobGatedSql(orgId, view)}` })
      .from(jobs)
      .where(eq(jobs.organizationId, orgId))
      .orderBy(asc(jobs.publishedAt), asc(jobs.title));
    for (const row of rows) expect(await jobBehindPaywall(db, orgId, row, view), row.title).toBe(row.gated);
    return Object.fromEntries(rows.map((row) => [row.title, row.gated]));
  }

  it('opens the newest live jobs by publication to everyone, one tie broken by id', async () => {
    const { db, orgId } = await paywalledBoard(2);
    const at = (days: number) => new Date(Date.now() - days * DAY_MS);
    await createTestJob(orgId, { title: 'oldest', published_at: at(5) });
    await createTestJob(orgId, { title: 'older', published_at: at(4) });
    const tied = [
      await createTestJob(orgId, { title: 'tied a', published_at: at(3) }),
      await createTestJob(orgId, { title: 'tied b', published_at: at(3) }),
    ];
    // Expired and draft jobs do not count among the newest, however new (the board shows neither).
    await createTestJob(orgId, {
      title: 'expired',
      published_at: at(1),
      expires_at: new Date(Date.now() - 1000),
    });
    await createTestJob(orgId, { title: 'draft', status: 'draft' });
    await createTestJob(orgId, { title: 'newest', published_at: at(2) });
    const retimed = await db
      .update(jobs)
      .set({ publishedAt: at(3) })
      .where(and(eq(jobs.organizationId, orgId), sql`${jobs.title} like 'tied %'`))
      .returning({ id: jobs.id, title: jobs.title });
    expect(retimed).toHaveLength(2);
    const [low, high] = [...tied].sort((a, b) => (a.id < b.id ? -1 : 1));
    const anonymous = await paywallView(db, orgId, null);
    expect(await decisions(db, orgId, anonymous)).toEqual({
      oldest: true,
      older: true,
      [low!.title]: true,
      [high!.title]: false,
      newest: false,
      expired: expect.any(Boolean),
      draft: expect.any(Boolean),
    });
    const reader = await paywallView(db, orgId, await subscriber(orgId));
    expect(Object.values(await decisions(db, orgId, reader))).toEqual(Array(7).fill(false));
  });

  it.each([
    { preview: 0, gated: true },
    { preview: null, gated: false },
    { preview: 5, gated: false },
  ])('with a preview of $preview, one live job is gated: $gated', async ({ preview, gated }) => {
    const { db, orgId } = await paywalledBoard(preview);
    const job = await createTestJob(orgId);
    expect(await jobBehindPaywall(db, orgId, job, await paywallView(db, orgId, null))).toBe(gated);
  });
});

describe('jobTeaser: what everyone reads of a gated job', () => {
  it('keeps a short text whole, and cuts a long one at a word', () => {
    expect(jobTeaser('Pour <b>coffee</b>.\n\n- Latte art')).toBe('Pour coffee . - Latte art');
    const long = `${'word '.repeat(40)}SECRET`;
    const teaser = jobTeaser(long);
    expect(teaser.length).toBeLessThanOrEqual(JOB_TEASER_CHARS);
    expect(teaser).toMatch(/^word( word)*…$/);
    expect(jobTeaserHtml('Fish & chips <3')).toBe('<p>Fish &amp; chips &lt;3</p>');
  });
});
