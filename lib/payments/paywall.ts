// Who may see what the paywall guards: the one statement of `hasValidPaywallSubscription`, and the
// one decision of which jobs a visitor may read in full, used by every output of the board.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { escapeUTF8 } from 'entities';
import { jobs, type PaywallRules, type Plan, payments, plans, subscriptions } from '@/db/schema';
import { shortenText } from '@/lib/core/format';
import { type Db, queryAll } from '@/lib/core/transaction';
import { liveJobCondition } from '@/lib/jobs';
import { takesPayments } from './offer';
import type { SubscriptionOut } from './schemas';
import { type PaymentRecord, toPaymentRecord, toSubscriptionOut } from './serialize';
import { paymentSettingsOf } from './settings';

const OPEN_STATUSES = ['active', 'trialing'];

type PlanTerms = Pick<Plan, 'kind' | 'interval'>;

/**
 * True exactly when a subscription to a `paywall` plan is `active` or `trialing` and its current
 * period ends in the future, or a one-time `paywall` plan was paid (succeeded, not refunded).
 */
export function opensPaywall(
  subscriptionRows: { status: string; currentPeriodEnd: Date | null; plan: PlanTerms | null }[],
  paymentRows: { status: string; plan: PlanTerms | null }[],
  now: Date,
): boolean {
  return (
    subscriptionRows.some(
      (row) =>
        row.plan?.kind === 'paywall' &&
        OPEN_STATUSES.includes(row.status) &&
        row.currentPeriodEnd !== null &&
        row.currentPeriodEnd > now,
    ) ||
    paymentRows.some(
      (row) => row.plan?.kind === 'paywall' && row.plan.interval === 'one_time' && row.status === 'succeeded',
    )
  );
}

export interface MemberBilling {
  subscriptions: SubscriptionOut[];
  payments: PaymentRecord[];
  hasValidPaywallSubscription: boolean;
}

/** A member's subscriptions and payments, newest first, and whether the paywall opens for them. */
export async function memberBilling(
  db: Db,
  orgId: number,
  memberId: string,
  now = new Date(),
): Promise<MemberBilling> {
  const planTerms = { kind: plans.kind, interval: plans.interval };
  const [subscriptionRows, paymentRows] = await queryAll(db, [
    db
      .select({ row: subscriptions, plan: planTerms })
      .from(subscriptions)
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.userId, memberId)))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
    db
      .select({ row: payments, plan: planTerms })
      .from(payments)
      .leftJoin(plans, eq(plans.id, payments.planId))
      .where(and(eq(payments.organizationId, orgId), eq(payments.userId, memberId)))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
  ] as const);
  return {
    subscriptions: subscriptionRows.map(({ row }) => toSubscriptionOut(row)),
    payments: paymentRows.map(({ row }) => toPaymentRecord(row)),
    hasValidPaywallSubscription: opensPaywall(
      subscriptionRows.map(({ row, plan }) => ({ ...row, plan })),
      paymentRows.map(({ row, plan }) => ({ ...row, plan })),
      now,
    ),
  };
}

/** What a visitor of the board may see: the board's rules, and whether they are let through. */
export interface PaywallView {
  /** null: nothing is gated (no rules, or the board takes no payments to subscribe with). */
  rules: PaywallRules | null;
  /** The visitor has a valid paywall subscription, or nothing is gated. */
  open: boolean;
  /** For CMS collections gated with `required_entitlement`. */
  entitlements: ReadonlySet<string>;
}

export const PAYWALL_ENTITLEMENT = 'paywall';

export async function paywallView(
  db: Db,
  orgId: number,
  memberId: string | null,
  now = new Date(),
): Promise<PaywallView> {
  const settings = await paymentSettingsOf(db, orgId);
  const rules = takesPayments(settings) ? settings.paywall : null;
  const subscribed = memberId
    ? (await memberBilling(db, orgId, memberId, now)).hasValidPaywallSubscription
    : false;
  return {
    rules,
    open: !rules || subscribed,
    entitlements: new Set(subscribed ? [PAYWALL_ENTITLEMENT] : []),
  };
}

/**
 * The paywall's decision for jobs, as a condition on a row of `jobs`: true when `view` does not let
 * its visitor read the job in full. The newest `jobs_preview_count` live jobs by publication (ties
 * by id) are open to everyone; a job without a publication date is never among them. Every output
 * that shows a job's description (pages, feeds, search, alert mails) asks this, never a copy.
 */
export function jobGatedSql(orgId: number, view: PaywallView): SQL {
  const preview = view.rules?.jobs_preview_count;
  if (view.open || preview === null || preview === undefined) return sql`false`;
  if (preview === 0) return sql`true`;
  // The oldest open job. The subquery names no outer column, so PostgreSQL runs it once per
  // statement, not once per row: a feed of 100,000 jobs costs one walk of the newest index.
  const lastOpen = sql`(select ${jobs.publishedAt}, ${jobs.id} from ${jobs}
    where ${jobs.organizationId} = ${orgId} and ${liveJobCondition} and ${jobs.publishedAt} is not null
    order by ${jobs.publishedAt} desc, ${jobs.id} desc offset ${preview - 1} limit 1)`;
  return sql`(${jobs.publishedAt} is null or (${jobs.publishedAt}, ${jobs.id}) < ${lastOpen})`;
}

/**
 * `jobGatedSql` for anonymous visitors of the boards `orgIds`, for a statement over their jobs.
 * Outputs that are the same for everyone read jobs this way: feeds and the board's search (cached
 * once for all visitors) and alert mails (read by whoever holds the inbox). Jobs of other boards
 * count as gated.
 */
export async function anonymousJobGate(db: Db, orgIds: readonly number[]): Promise<SQL> {
  const gates = await Promise.all(
    orgIds.map(async (orgId) => ({ orgId, gated: jobGatedSql(orgId, await paywallView(db, orgId, null)) })),
  );
  if (gates.length === 1) return gates[0]!.gated;
  if (gates.length === 0) return sql`true`;
  const branches = gates.map(({ orgId, gated }) => sql`when ${jobs.organizationId} = ${orgId} then ${gated}`);
  return sql`(case ${sql.join(branches, sql` `)} else true end)`;
}

/** Whether `view` keeps its visitor from reading the job in full (`jobGatedSql` for one job). */
export async function jobBehindPaywall(
  db: Db,
  orgId: number,
  job: { id: string },
  view: PaywallView,
): Promise<boolean> {
  if (view.open) return false;
  const [row] = await db
    .select({ gated: sql<boolean>`${jobGatedSql(orgId, view)}` })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, job.id)));
  return row?.gated === true;
}

/**
 * Whether `view` keeps its visitor from applying to a job that `jobGated` says they may not read in
 * full (`jobBehindPaywall`): the board gates applying, or the job. The one decision of the job
 * page's apply area, the apply button's redirect and the application itself.
 */
export const applyingGated = (view: PaywallView, jobGated: boolean): boolean =>
  !view.open && (Boolean(view.rules?.apply) || jobGated);

/** `applyingGated` for one job, reading whether the job is gated only when it matters. */
export async function applyingBehindPaywall(
  db: Db,
  orgId: number,
  job: { id: string },
  view: PaywallView,
): Promise<boolean> {
  const decided = view.open || Boolean(view.rules?.apply);
  return applyingGated(view, !decided && (await jobBehindPaywall(db, orgId, job, view)));
}

/** Characters of a job's text that everyone reads: the teaser of a gated job, and every job's meta description. */
export const JOB_TEASER_CHARS = 160;

/** A job's opening as flat text, cut at a word within `JOB_TEASER_CHARS`. */
export const jobTeaser = (description: string) =>
  shortenText(description.replace(/<[^>]+>/g, ' '), JOB_TEASER_CHARS);

/** What stands for a gated job's description wherever HTML is sent: the job page, its JSON-LD, the feeds. */
export const jobTeaserHtml = (description: string) => `<p>${escapeUTF8(jobTeaser(description))}</p>`;
