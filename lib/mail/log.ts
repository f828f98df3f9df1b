// The mail log: what the outbox sent (or is still trying to send) for one organization.
import { and, count, desc, eq, gte, ilike, notInArray } from 'drizzle-orm';
import { mailOutbox } from '@/db/schema';
import { type PageRequest, pageOffset, paginationMeta } from '@/lib/core/pagination';
import { containsPattern } from '@/lib/core/sql-like';
import { type Db, queryAll } from '@/lib/core/transaction';
import { NOT_SENT_AGAIN } from './outbox';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** What stands in the log for a code or link that acts for the recipient. */
export const HIDDEN_SECRET = '[hidden]';

/** `value` with every one of `secrets` (longest first, so a link goes whole) replaced by HIDDEN_SECRET. */
export function maskSecrets(value: string, secrets: readonly string[]): string {
  return [...secrets]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .reduce((masked, secret) => masked.split(secret).join(HIDDEN_SECRET), value);
}

/**
 * One page of the log, newest first, of one status and to addresses holding `recipient` if asked. Sign-in codes and links that act for the recipient are masked
 * in subjects and texts (anyone who reads the log could otherwise sign in as a member), unless
 * `reveal` (the dev mailbox in development, where the messages are files on this machine anyway).
 */
export async function listMailLog(
  db: Db,
  orgId: number,
  query: PageRequest & { status?: MailStatus; recipient?: string; reveal?: boolean },
) {
  const where = and(
    eq(mailOutbox.organizationId, orgId),
    query.status ? eq(mailOutbox.status, query.status) : undefined,
    // Part of an address: "did my member get the code?" starts from what they told the owner.
    query.recipient ? ilike(mailOutbox.to, containsPattern(query.recipient.trim())) : undefined,
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
  const entries = mails.map(({ secrets, html: _html, headers: _headers, ...mail }) => ({
    ...mail,
    subject: query.reveal ? mail.subject : maskSecrets(mail.subject, secrets),
    text: query.reveal ? mail.text : maskSecrets(mail.text, secrets),
  }));
  return { mails: entries, pagination: paginationMeta(query, total!.value) };
}

/**
 * How many of the organization's messages were given up (`failed`): those queued since `since`, or
 * those that may be sent again (`sendFailedMailAgain`).
 */
export async function countFailedMail(
  db: Db,
  orgId: number,
  which: { since: Date } | 'sendable again',
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.organizationId, orgId),
        eq(mailOutbox.status, 'failed'),
        which === 'sendable again'
          ? notInArray(mailOutbox.kind, [...NOT_SENT_AGAIN])
          : gte(mailOutbox.createdAt, which.since),
      ),
    );
  return row?.value ?? 0;
}
