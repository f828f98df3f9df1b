// What the payments lists show beyond the API's shapes, one query for a page of rows: the payment's
// date (the Payment shape carries none) and the members' emails.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { members, payments } from '@/db/schema';

/** When each of these payments of the organization was made. */
export async function paymentDates(
  db: Database,
  organizationId: number,
  ids: string[],
): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), inArray(payments.id, ids)));
  return new Map(rows.map((row) => [row.id, row.createdAt]));
}

/** The emails of these members of the organization (erased ones are absent). */
export async function memberEmails(
  db: Database,
  organizationId: number,
  ids: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, email: members.email })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.id, unique)));
  return new Map(rows.map((row) => [row.id, row.email]));
}
