import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { getDb } from '@/db/client';
import { mailOutbox, type OutboxMail } from '@/db/schema';
import { createBackgroundRunner } from '@/lib/core/background-runner';
import { AppError } from '@/lib/core/errors';
import { logError } from '@/lib/core/logger';
import { afterCommit, type Db } from '@/lib/core/transaction';
import { type MailMessage, sendMail } from './transport';

const MINUTE = 60_000;
/** Wait before each retry after a refused send; then the message is given up (`failed`). */
const RETRY_SCHEDULE_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * 60 * MINUTE, 6 * 60 * MINUTE];
/** A claimed message is another worker's for this long (an SMTP send times out well within it). */
const CLAIM_MS = 2 * MINUTE;

const runner = createBackgroundRunner('mail', async (until) => runMailWorker(await getDb(), { until }));

/** `auto` sends after each commit and on the timer; tests use `manual` and run the worker themselves. */
export const setMailDispatch = runner.setMode;
/** Long-running servers, once at boot (instrumentation.ts); Vercel calls /api/cron/mail instead. */
export const startMailTimer = runner.start;

export interface QueuedMail extends MailMessage {
  kind: string;
  organizationId: number | null;
  headers?: Record<string, string>;
  /** What in the message acts for the recipient (renderMail's `secrets`): masked in the mail log. */
  secrets?: string[];
}

/**
 * Puts a message in the outbox, in the caller's transaction: it goes out only if the change
 * commits, right after the commit, and never holds the request on SMTP.
 */
export async function queueMail(db: Db, mail: QueuedMail): Promise<string> {
  const [id] = await queueMails(db, [mail]);
  return id!;
}

/** queueMail for many messages in one statement (alert digests). */
export async function queueMails(db: Db, mails: QueuedMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  // Due on the worker's clock, not the database's: now() carries microseconds a JS Date drops, so a
  // worker kicked in the same millisecond would find the message not yet due.
  const due = new Date();
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        organizationId: mail.organizationId,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        replyTo: mail.replyTo ?? null,
        headers: mail.headers ?? {},
        secrets: mail.secrets ?? [],
        nextAttemptAt: due,
      })),
    )
    .returning({ id: mailOutbox.id });
  afterCommit(db, runner.kick);
  return rows.map((row) => row.id);
}

/**
 * Kinds whose content is dead long before a failed message is given up: a sign-in code works for 10
 * minutes. The member asks the board for a new one instead.
 */
export const NOT_SENT_AGAIN: readonly string[] = ['member_sign_in'];

/**
 * Gives failed messages of the organization one more attempt, now (after an SMTP outage, or a
 * mistyped SMTP_URL put right): the message `id`, or every failed one. As a webhook delivery's manual
 * retry, a refusal fails it again at once. Answers how many were queued.
 */
export async function sendFailedMailAgain(
  db: Db,
  orgId: number,
  which: { id: string } | 'all',
): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: new Date(), claimedUntil: null })
    .where(
      and(
        eq(mailOutbox.organizationId, orgId),
        eq(mailOutbox.status, 'failed'),
        notInArray(mailOutbox.kind, [...NOT_SENT_AGAIN]),
        which === 'all' ? undefined : eq(mailOutbox.id, which.id),
      ),
    )
    .returning({ id: mailOutbox.id });
  if (which !== 'all' && rows.length === 0) throw await notSentAgain(db, orgId, which.id);
  if (rows.length > 0) afterCommit(db, runner.kick);
  return rows.length;
}

/** Why the message `id` was not queued again. */
async function notSentAgain(db: Db, orgId: number, id: string): Promise<AppError> {
  const [mail] = await db
    .select({ status: mailOutbox.status, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.id, id)));
  if (!mail) return new AppError('not_found', 'This message is not in the mail log.');
  if (mail.status === 'sent') return new AppError('conflict', 'This message has been sent meanwhile.');
  if (mail.status === 'pending')
    return new AppError('conflict', 'This message is already waiting to be sent.');
  return new AppError(
    'conflict',
    'A sign-in code expires within minutes: the member asks the board for a new one.',
  );
}

/**
 * Sends every due message, batch after batch. Messages are claimed with FOR UPDATE SKIP LOCKED and
 * a deadline, as webhook deliveries are, so no two workers send one message at once.
 */
export async function runMailWorker(
  db: Database,
  options: { until?: number; now?: () => Date; batchSize?: number } = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  while (options.until === undefined || Date.now() < options.until) {
    const now = options.now?.() ?? new Date();
    const batch = await claimDue(db, options.batchSize ?? 20, now);
    if (batch.length === 0) break;
    const results = await Promise.all(batch.map((mail) => attempt(db, mail, now)));
    sent += results.filter(Boolean).length;
    failed += results.filter((ok) => !ok).length;
  }
  return { sent, failed };
}

async function claimDue(db: Database, limit: number, now: Date): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

async function attempt(db: Database, mail: OutboxMail, now: Date): Promise<boolean> {
  try {
    await sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      replyTo: mail.replyTo ?? undefined,
      headers: mail.headers,
    });
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        attempts: mail.attempts + 1,
        claimedUntil: null,
        lastError: null,
      })
      .where(eq(mailOutbox.id, mail.id));
    return true;
  } catch (error) {
    const attempts = mail.attempts + 1;
    const wait = RETRY_SCHEDULE_MS[attempts - 1];
    logError('mail_send_failed', error, { mail_id: mail.id, attempt: attempts });
    await db
      .update(mailOutbox)
      .set({
        attempts,
        claimedUntil: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        ...(wait === undefined
          ? { status: 'failed' }
          : { nextAttemptAt: new Date(now.getTime() + wait * (0.8 + Math.random() * 0.4)) }),
      })
      .where(eq(mailOutbox.id, mail.id));
    return false;
  }
}
