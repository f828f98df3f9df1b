// The board's side of payments: what it sells right now, who may buy what, and where a checkout
// sends the member back to. Shared by the layout's navigation and the pricing, post-a-job and
// checkout pages.
import { cache } from 'react';
import type { Member } from '@/db/schema';
import { BOARD_CACHE } from '@/lib/board/queries';
import { RevisionCache } from '@/lib/cache';
import type { Db } from '@/lib/core/transaction';
import { paymentSettingsOf, purchaseBlock } from '@/lib/payments';
import { activePlans, findPlan } from '@/lib/plans';
import type { PlanOut } from '@/lib/plans/schemas';
import type { Board } from './board';

export interface BoardOffer {
  /** Cheapest first. */
  plans: PlanOut[];
  /** `job_post` and `job_subscription` plans: what an employer picks on the job form. */
  jobPlans: PlanOut[];
  /** `paywall` plans: reader access. */
  paywallPlans: PlanOut[];
}

/** The plans on sale; none while the board has no payment provider to take the money. */
export async function boardOffer(db: Db, orgId: number): Promise<BoardOffer> {
  const [settings, plans] = await Promise.all([paymentSettingsOf(db, orgId), activePlans(db, orgId)]);
  const onSale = settings.provider ? plans : [];
  return {
    plans: onSale,
    jobPlans: onSale.filter((plan) => plan.kind !== 'paywall'),
    paywallPlans: onSale.filter((plan) => plan.kind === 'paywall'),
  };
}

/** Every write to plans or payment settings bumps the board's revision, so the offer is kept per revision. */
const offers = new RevisionCache<BoardOffer>(BOARD_CACHE);

/** `boardOffer` for pages: once per request (the layout and the page both ask), read once per revision. */
export const offerOf = cache((board: Board) =>
  offers.get(board.org, 'offer', () => boardOffer(board.db, board.org.id)),
);

/** Why the member may not buy each plan, by plan id; plans they may buy are absent. */
export async function purchaseBlocks(
  db: Db,
  orgId: number,
  member: Pick<Member, 'role' | 'approvalStatus'>,
  plans: Pick<PlanOut, 'id'>[],
): Promise<Map<string, string>> {
  const rows = await Promise.all(plans.map((plan) => findPlan(db, orgId, plan.id)));
  const blocks = new Map<string, string>();
  for (const row of rows) {
    const block = purchaseBlock(member, row);
    if (block) blocks.set(row.id, block);
  }
  return blocks;
}

type Links = Pick<Board, 'href' | 'url'>;

/** Where a member lands after paying: the job's status page, or their account (with a notice). */
export function returnPath(jobId: string | null): string {
  return jobId ? `/post-a-job/${jobId}` : '/account?paid=1';
}

/** The absolute addresses a checkout needs: a provider's hosted page sends the member back to them. */
export function checkoutUrls(board: Links, jobId: string | null) {
  return {
    successUrl: board.url(returnPath(jobId)),
    // A job waits on its status page, which links back to its open checkout.
    cancelUrl: board.url(jobId ? `/post-a-job/${jobId}` : '/pricing'),
    localCheckoutUrl: (sessionId: string) => board.url(`/checkout/${sessionId}`),
  };
}

/**
 * A URL on the board's canonical address as the same page on the host the visitor is on, whose
 * session cookie they carry (path mode, or another of the board's hosts); other URLs (a provider's
 * hosted checkout) as they are.
 */
export function onThisHost(board: Links, url: string): string {
  const root = board.url('/');
  return url.startsWith(`${root}/`) ? board.href(url.slice(root.length)) : url;
}
