import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { categories, type JobAlert, jobAlerts } from '@/db/schema';
import { deleteOwned } from '@/lib/core/delete-owned';
import { notFound } from '@/lib/core/errors';
import { type PaginationMeta, pageOffset, paginationMeta } from '@/lib/core/pagination';
import { readToken } from '@/lib/core/signed-tokens';
import { DAY_MS } from '@/lib/core/time';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';
import { queueMail } from '@/lib/mail';
import { enforceThrottle, throttles } from '@/lib/rate-limit';
import { type AlertBoard, confirmationMail, tokenPurposes } from './mails';
import type {
  AlertFrequency,
  AlertOut,
  AlertSearch,
  AlertStatus,
  ListAlertsQuery,
  SubscribeAlertInput,
} from './schemas';

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function searchOf(row: JobAlert): AlertSearch {
  return {
    q: row.q,
    category: row.category,
    job_type: row.jobType as AlertSearch['job_type'],
    remote: row.remote,
    location: row.location,
    salary_min: row.salaryMin,
  };
}

export function toAlertOut(row: JobAlert): AlertOut {
  return {
    id: row.id,
    email: row.email,
    member_id: row.memberId,
    search: searchOf(row),
    frequency: row.frequency as AlertFrequency,
    status: row.status as AlertStatus,
    confirmed_at: iso(row.confirmedAt),
    unsubscribed_at: iso(row.unsubscribedAt),
    last_sent_at: iso(row.lastSentAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** When a digest of `frequency` first goes out for an alert confirmed at `now`. */
const firstDigestAt = (frequency: AlertFrequency, now: Date) =>
  frequency === 'instant' ? null : new Date(now.getTime() + (frequency === 'daily' ? DAY_MS : 7 * DAY_MS));

/** The columns that make an alert active at `frequency` from `now` (its digests count new jobs from then). */
function activation(alert: JobAlert, frequency: AlertFrequency, now: Date) {
  const wasActive = alert.status === 'active';
  return {
    status: 'active',
    frequency,
    confirmedAt: wasActive ? alert.confirmedAt : now,
    digestCursor: wasActive && alert.digestCursor ? alert.digestCursor : now,
    nextDigestAt:
      wasActive && alert.frequency === frequency ? alert.nextDigestAt : firstDigestAt(frequency, now),
    unsubscribedAt: null,
    updatedAt: now,
  };
}

const sameSearch = (orgId: number, email: string, search: AlertSearch): SQL =>
  sql`${jobAlerts.organizationId} = ${orgId} and ${jobAlerts.email} = ${email}
    and coalesce(${jobAlerts.q}, '') = ${search.q ?? ''} and coalesce(${jobAlerts.category}, '') = ${search.category ?? ''}
    and coalesce(${jobAlerts.jobType}, '') = ${search.job_type ?? ''} and ${jobAlerts.remote} = ${search.remote}
    and coalesce(${jobAlerts.location}, '') = ${search.location ?? ''}
    and coalesce(${jobAlerts.salaryMin}, -1) = ${search.salary_min ?? -1}`;

/**
 * Subscribes an address to a search. A signed-in member subscribing their own address has proved
 * it: the alert is active at once. Anyone else gets a confirmation mail (double opt-in); the answer
 * is the same whether or not the address already had the alert. Subscribing again to a search the
 * address follows changes its frequency once confirmed.
 */
export async function subscribeAlert(
  db: Database,
  org: AlertBoard,
  input: SubscribeAlertInput,
  context: { clientAddress: string; member?: { id: string; email: string } | null },
  now = new Date(),
): Promise<{ status: 'active' | 'pending'; alert: JobAlert }> {
  const email = input.email.trim().toLowerCase();
  const search: AlertSearch = {
    q: input.q,
    category: input.category,
    job_type: input.job_type,
    remote: input.remote,
    location: input.location,
    salary_min: input.salary_min,
  };
  if (search.category) await assertCategory(db, org.id, search.category);
  const verified = context.member && context.member.email.toLowerCase() === email ? context.member : null;
  if (!verified) await limitConfirmations(email, context.clientAddress);
  return transaction(db, async (tx) => {
    await tx
      .insert(jobAlerts)
      .values({
        organizationId: org.id,
        email: email,
        memberId: verified?.id ?? null,
        q: search.q,
        category: search.category,
        jobType: search.job_type,
        remote: search.remote,
        location: search.location,
        salaryMin: search.salary_min,
        frequency: input.frequency,
      })
      .onConflictDoNothing();
    const [alert] = await tx
      .select()
      .from(jobAlerts)
      .where(sameSearch(org.id, email, search))
      .for('update')
      .limit(1);
    if (verified) {
      const [active] = await tx
        .update(jobAlerts)
        .set({ ...activation(alert!, input.frequency, now), memberId: verified.id })
        .where(eq(jobAlerts.id, alert!.id))
        .returning();
      return { status: 'active' as const, alert: active! };
    }
    const pending =
      alert!.status === 'active'
        ? alert!
        : (
            await tx
              .update(jobAlerts)
              .set({ status: 'pending', frequency: input.frequency, unsubscribedAt: null, updatedAt: now })
              .where(eq(jobAlerts.id, alert!.id))
              .returning()
          )[0]!;
    await queueMail(
      tx,
      confirmationMail(org, { id: pending.id, email: email, frequency: input.frequency, search }, now),
    );
    return { status: 'pending' as const, alert: pending };
  });
}

async function assertCategory(db: Db, orgId: number, slug: string): Promise<void> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.organizationId, orgId), eq(categories.slug, slug)))
    .limit(1);
  if (!category) {
    throw invalid('category', `There is no category “${slug}” on this board.`);
  }
}

/** Confirmation mails count with sign-in mails against the client's limits (`throttles.boardMail`). */
function limitConfirmations(email: string, clientAddress: string): Promise<void> {
  return enforceThrottle(
    throttles.boardMail,
    { client: clientAddress, target: email },
    (minutes) => `Too many alert requests. Try again in ${minutes} minute(s).`,
  );
}

export type AlertTokenResult =
  | { ok: true; alert: JobAlert }
  | { ok: false; reason: 'invalid' | 'expired' | 'not_found' };

/** The alert a confirmation link names, without changing it (the page shows it before the POST). */
export async function alertForConfirmation(
  db: Db,
  orgId: number,
  token: string,
  now = new Date(),
): Promise<AlertTokenResult & { frequency?: AlertFrequency }> {
  const read = readToken(tokenPurposes.confirm, token, now);
  if (!read.ok) return read;
  const [org, alertId, frequency] = read.fields;
  if (org !== String(orgId)) return { ok: false, reason: 'invalid' };
  const [alert] = await db
    .select()
    .from(jobAlerts)
    .where(and(eq(jobAlerts.organizationId, orgId), eq(jobAlerts.id, alertId!)))
    .limit(1);
  if (!alert) return { ok: false, reason: 'not_found' };
  return { ok: true, alert, frequency: frequency as AlertFrequency };
}

/** The POST behind a confirmation link: the alert becomes active at the frequency the mail named. */
export async function confirmAlert(
  db: Database,
  orgId: number,
  token: string,
  now = new Date(),
): Promise<AlertTokenResult> {
  const found = await alertForConfirmation(db, orgId, token, now);
  if (!found.ok) return found;
  return transaction(db, async (tx) => {
    const [current] = await tx.select().from(jobAlerts).where(eq(jobAlerts.id, found.alert.id)).for('update');
    if (!current) return { ok: false, reason: 'not_found' } as const;
    const [alert] = await tx
      .update(jobAlerts)
      .set(activation(current, found.frequency!, now))
      .where(eq(jobAlerts.id, current.id))
      .returning();
    return { ok: true, alert: alert! } as const;
  });
}

/** The address a manage link is for, on this board. */
export function emailForManageToken(orgId: number, token: string, now = new Date()) {
  const read = readToken(tokenPurposes.manage, token, now);
  if (!read.ok) return read;
  const [org, email] = read.fields;
  if (org !== String(orgId)) return { ok: false as const, reason: 'invalid' as const };
  return { ok: true as const, email: email! };
}

/** The alert a one-click unsubscribe URL names, on this board. */
export function alertIdForUnsubscribeToken(orgId: number, token: string): string | undefined {
  const read = readToken(tokenPurposes.unsubscribe, token);
  if (!read.ok || read.fields[0] !== String(orgId)) return undefined;
  return read.fields[1];
}

/** The address of one alert on the board, if it exists. */
export async function alertEmail(db: Db, orgId: number, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: jobAlerts.email })
    .from(jobAlerts)
    .where(and(eq(jobAlerts.organizationId, orgId), eq(jobAlerts.id, id)))
    .limit(1);
  return row?.email;
}

/** Stops alerts of `email` (all of them, or the ones in `ids`); answers how many were stopped. */
export async function unsubscribeAlerts(
  db: Db,
  orgId: number,
  where: { email: string; ids?: string[] } | { ids: string[] },
  now = new Date(),
): Promise<number> {
  const rows = await db
    .update(jobAlerts)
    .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
    .where(
      and(
        eq(jobAlerts.organizationId, orgId),
        ne(jobAlerts.status, 'unsubscribed'),
        'email' in where ? eq(jobAlerts.email, where.email.toLowerCase()) : undefined,
        where.ids ? inArray(jobAlerts.id, where.ids) : undefined,
      ),
    )
    .returning({ id: jobAlerts.id });
  return rows.length;
}

/** The alerts of one address, or of one member (by id or their address), newest first. */
export async function alertsOf(
  db: Db,
  orgId: number,
  who: { email: string; memberId?: string },
): Promise<JobAlert[]> {
  return db
    .select()
    .from(jobAlerts)
    .where(
      and(
        eq(jobAlerts.organizationId, orgId),
        ne(jobAlerts.status, 'unsubscribed'),
        who.memberId
          ? sql`(${jobAlerts.memberId} = ${who.memberId} or ${jobAlerts.email} = ${who.email.toLowerCase()})`
          : eq(jobAlerts.email, who.email.toLowerCase()),
      ),
    )
    .orderBy(desc(jobAlerts.createdAt));
}

/** GET /alerts. */
export async function listAlerts(
  db: Db,
  orgId: number,
  query: ListAlertsQuery,
): Promise<{ alerts: AlertOut[]; pagination: PaginationMeta }> {
  const where = and(
    eq(jobAlerts.organizationId, orgId),
    query.email ? eq(jobAlerts.email, query.email) : undefined,
    query.status ? eq(jobAlerts.status, query.status) : undefined,
  );
  const { limit, offset } = pageOffset(query);
  const [rows, [total]] = await queryAll(db, [
    db
      .select()
      .from(jobAlerts)
      .where(where)
      .orderBy(desc(jobAlerts.createdAt), desc(jobAlerts.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(jobAlerts).where(where),
  ] as const);
  return { alerts: rows.map(toAlertOut), pagination: paginationMeta(query, total!.value) };
}

export async function getAlert(db: Db, orgId: number, id: string): Promise<AlertOut> {
  const [row] = await db
    .select()
    .from(jobAlerts)
    .where(and(eq(jobAlerts.organizationId, orgId), eq(jobAlerts.id, id)))
    .limit(1);
  if (!row) throw notFound('Alert');
  return toAlertOut(row);
}

/** DELETE /alerts/{id}: the alert and its delivery history are gone. */
export function deleteAlert(db: Db, orgId: number, id: string): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, jobAlerts, 'Alert', orgId, id, async () => {});
}

/** Subscriber numbers for the dashboard: active alerts per frequency, and those awaiting confirmation. */
export async function alertCounts(db: Db, orgId: number) {
  const rows = await db
    .select({ status: jobAlerts.status, frequency: jobAlerts.frequency, value: count() })
    .from(jobAlerts)
    .where(eq(jobAlerts.organizationId, orgId))
    .groupBy(jobAlerts.status, jobAlerts.frequency);
  const active = { instant: 0, daily: 0, weekly: 0 } as Record<AlertFrequency, number>;
  let pending = 0;
  let unsubscribed = 0;
  for (const row of rows) {
    if (row.status === 'active') active[row.frequency as AlertFrequency] += row.value;
    else if (row.status === 'pending') pending += row.value;
    else unsubscribed += row.value;
  }
  return { active, pending, unsubscribed };
}

/** Every alert of the organization, oldest first, a page at a time (the dashboard's CSV export). */
export async function* alertPages(db: Db, orgId: number, pageSize = 1_000): AsyncGenerator<AlertOut[]> {
  // The key is the last row's own stored (created_at, id): a JavaScript Date keeps milliseconds, and
  // PostgreSQL's microseconds past them made the last row come after itself, so the export repeated
  // its last page forever.
  let afterId: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(jobAlerts)
      .where(
        and(
          eq(jobAlerts.organizationId, orgId),
          afterId
            ? sql`(${jobAlerts.createdAt}, ${jobAlerts.id}) > (select last.created_at, last.id from job_alerts last where last.id = ${afterId})`
            : undefined,
        ),
      )
      .orderBy(jobAlerts.createdAt, jobAlerts.id)
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map(toAlertOut);
    afterId = rows.at(-1)!.id;
  }
}
