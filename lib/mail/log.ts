// The mail log: what the outbox sent (or is still trying to send) for one organization.
import { and, count, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '@/db/schema';
import { type PageRequest, pageOffset, paginationMeta } from '@/lib/core/pagination';
import { type Db, queryAll } from '@/lib/core/transaction';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export async function listMailLog(db: Db, orgId: number, query: PageRequest & { status?: MailStatus }) {
  const where = and(
    eq(mailOutbox.organizationId, orgId),
    query.status ? eq(mailOutbox.status, query.status) : undefined,
  );
  const { limit, offset } = pageOffset(query);
  const [mails, [total]] = await queryAll(db, [
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ] as const);
  return { mails, pagination: paginationMeta(query, total!.value) };
}
