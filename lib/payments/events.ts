// Provider events are the truth about payments and subscriptions. Each is stored once by its id (a
// replay changes nothing), then applied by the ledger (ledger.ts) in the same transaction.
import { and, eq } from 'drizzle-orm';
import { jobs, members, paymentEvents, plans } from '@/db/schema';
import { type Db, transaction } from '@/lib/core/transaction';
import type { BillingRefs, EventOutcome, ProviderEvent } from './billing-change';
import { Ledger } from './ledger';
import type { Resolved } from './ledger-rows';
import type { PaymentProviderName } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The referenced rows of this organization, or 'foreign' when a reference names anything else. */
async function resolveRefs(tx: Db, orgId: number, refs: BillingRefs): Promise<Resolved | 'foreign'> {
  const ids = [refs.memberId, refs.planId, refs.jobId].filter((id) => id !== undefined);
  if (ids.some((id) => !UUID.test(id))) return 'foreign';
  const resolved: Resolved = {};
  if (refs.memberId) {
    [resolved.member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.organizationId, orgId), eq(members.id, refs.memberId)));
    if (!resolved.member) return 'foreign';
  }
  if (refs.planId) {
    [resolved.plan] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.organizationId, orgId), eq(plans.id, refs.planId)));
    if (!resolved.plan) return 'foreign';
  }
  if (refs.jobId) {
    const [job] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, refs.jobId)));
    if (!job) return 'foreign';
    resolved.jobId = job.id;
  }
  return resolved;
}

/** Stores the event once and applies it, all in one transaction. */
export async function applyProviderEvent(
  db: Db,
  orgId: number,
  provider: PaymentProviderName,
  event: ProviderEvent,
): Promise<EventOutcome> {
  return transaction(db, async (tx) => {
    const change = event.change;
    const resolved = change && 'refs' in change ? await resolveRefs(tx, orgId, change.refs) : {};
    if (resolved === 'foreign') return 'ignored';
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        organizationId: orgId,
        provider,
        eventId: event.id,
        type: event.type,
        occurredAt: event.occurredAt,
        payload: event.payload,
        outcome: 'ignored',
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return 'duplicate';
    const outcome = change
      ? await new Ledger(tx, orgId, provider, event.occurredAt).apply(change, resolved)
      : 'ignored';
    await tx
      .update(paymentEvents)
      .set({ outcome })
      .where(
        and(
          eq(paymentEvents.organizationId, orgId),
          eq(paymentEvents.provider, provider),
          eq(paymentEvents.eventId, event.id),
        ),
      );
    return outcome;
  });
}
