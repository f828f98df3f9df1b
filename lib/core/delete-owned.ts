import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from './errors';
import { type Db, type Transaction, transaction } from './transaction';

/** A table of rows that belong to one organization, addressed by a string `id`. */
type OwnedTable = PgTable & {
  id: AnyPgColumn<{ data: string; notNull: true }>;
  organizationId: AnyPgColumn<{ data: number }>;
};

/**
 * DELETE of one of the organization's rows: 404 `what` when there is none (or it is another
 * organization's). `deleted` runs in the same transaction, for the domain's own follow-ups
 * (webhook events, revision bumps); it gets the id as stored.
 */
export function deleteOwned(
  db: Db,
  table: OwnedTable,
  what: string,
  orgId: number,
  id: string,
  deleted: (tx: Transaction, id: string) => Promise<void>,
): Promise<{ id: string; deleted: true }> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .delete(table)
      .where(and(eq(table.organizationId, orgId), eq(table.id, id)))
      .returning({ id: table.id });
    if (!row) throw notFound(what);
    await deleted(tx, row.id);
    return { id: row.id, deleted: true as const };
  });
}
