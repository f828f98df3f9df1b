// Subscriptions whose deliveries fail, for the dashboard's overview. Apart from subscriptions.ts so
// that the public module (imported by every domain for emitEvent) stays light.
import { and, count, eq, isNotNull, or } from 'drizzle-orm';
import { webhookSubscriptions } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';

/**
 * How many subscriptions fail: deliveries failing since their last success (`failingSince`), or
 * disabled by the service for failing (`disabledReason`). One disabled by hand is the owner's choice.
 */
export async function countFailingSubscriptions(db: Db, orgId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.organizationId, orgId),
        or(
          and(eq(webhookSubscriptions.isEnabled, true), isNotNull(webhookSubscriptions.failingSince)),
          isNotNull(webhookSubscriptions.disabledReason),
        ),
      ),
    );
  return row?.value ?? 0;
}
