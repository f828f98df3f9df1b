// What a board sells right now, and who may buy what. Nothing is on sale while the board has no
// payment provider to take the money, and so nothing is behind its paywall either (paywall.ts).
import type { Member, PaymentSettings } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { activePlans, findPlan } from '@/lib/plans';
import type { PlanOut } from '@/lib/plans/schemas';
import { purchaseBlock } from './checkout';
import { paymentSettingsOf } from './settings';

/** Whether the board can sell anything: a payment provider takes the money. */
export const takesPayments = (settings: Pick<PaymentSettings, 'provider'>): boolean =>
  settings.provider !== null;

export interface BoardOffer {
  /** Cheapest first. */
  plans: PlanOut[];
  /** `job_post` and `job_subscription` plans: what an employer picks on the job form. */
  jobPlans: PlanOut[];
  /** `paywall` plans: reader access. */
  paywallPlans: PlanOut[];
}

/** The plans on sale; none while the board takes no payments. */
export async function boardOffer(db: Db, orgId: number): Promise<BoardOffer> {
  const [settings, plans] = await Promise.all([paymentSettingsOf(db, orgId), activePlans(db, orgId)]);
  const onSale = takesPayments(settings) ? plans : [];
  return {
    plans: onSale,
    jobPlans: onSale.filter((plan) => plan.kind !== 'paywall'),
    paywallPlans: onSale.filter((plan) => plan.kind === 'paywall'),
  };
}

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
