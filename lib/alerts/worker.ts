// The alert worker: finds jobs that went live (by reading job writes since its last scan), mails
// each one to the instant alerts it matches, and sends due daily and weekly digests. Every pairing
// of a job and an alert is recorded once (job_alert_deliveries), in the transaction that queues its
// mail, so no job reaches one alert twice. Matching is one SQL statement over the alerts, with the
// job's facts computed once, and runs in chunks so memory stays bounded however many alerts match.
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { getDb } from '@/db/client';
import { alertJobs, jobAlertDeliveries, jobAlerts, organizations } from '@/db/schema';
import { createBackgroundRunner } from '@/lib/core/background-runner';
import { type Db, executeRows, transaction } from '@/lib/core/transaction';
import { boardSalaryCurrencySql, liveJobCondition } from '@/lib/jobs';
import { queueMails } from '@/lib/mail';
import { anonymousJobGate } from '@/lib/payments';
import { type AlertBoard, type AlertJob, digestMail, instantMail } from './mails';
import { alertMatchesJob, boardCurrencies, boardCurrencyOfAlert, jobFacts } from './matching';
import type { AlertFrequency, AlertSearch } from './schemas';

/** Alerts mailed per transaction for one new job. */
const INSTANT_CHUNK = 500;
/** Digests built per transaction. */
const DIGEST_BATCH = 200;
/** Jobs listed in one digest; the rest are a link to the board's filtered list. */
export const DIGEST_MAX_JOBS = 20;
/** Job writes that committed late (their transaction began before the last scan) are read again. */
const SCAN_OVERLAP_MS = 5 * 60_000;
const FIRST_SCAN_MS = 24 * 60 * 60_000;
/** Went-live records older than this have been in every weekly digest they could be in. */
const KEEP_LIVE_RECORDS_MS = 14 * 24 * 60 * 60_000;
const CLAIM_MS = 10 * 60_000;

const runner = createBackgroundRunner('alerts', async (until) => runAlertWorker(await getDb(), { until }));

/** Long-running servers, once at boot: every 30 s, so instant alerts go out within a minute. */
export const startAlertTimer = () => runner.start(30_000);

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

interface MatchRow {
  alert_id: string;
  email: string;
  frequency: AlertFrequency;
  q: string | null;
  category: string | null;
  job_type: string | null;
  remote: boolean;
  alert_location: string | null;
  salary_min: number | null;
  organization_id: number;
  title: string;
  company_name: string;
  slug: string;
  location: string | null;
  is_remote: boolean;
}

const searchOfRow = (row: MatchRow): AlertSearch => ({
  q: row.q,
  category: row.category,
  job_type: row.job_type as AlertSearch['job_type'],
  remote: row.remote,
  location: row.alert_location,
  salary_min: row.salary_min,
});

const jobOfRow = (row: MatchRow): AlertJob => ({
  title: row.title,
  companyName: row.company_name,
  slug: row.slug,
  location: row.location,
  isRemote: row.is_remote,
});

export interface AlertRunResult {
  jobsFound: number;
  instantSent: number;
  digestsSent: number;
  digestsChecked: number;
}

export async function runAlertWorker(
  db: Database,
  options: { until?: number; now?: () => Date } = {},
): Promise<AlertRunResult> {
  const now = () => options.now?.() ?? new Date();
  // The scan reads job writes by their own clock, whatever time a test runs the rest at.
  const jobsFound = await scanLiveJobs(db, new Date());
  const instantSent = await sendInstantAlerts(db, now, options.until);
  const digests = await sendDigests(db, now, options.until);
  await db
    .delete(alertJobs)
    .where(
      and(
        lt(alertJobs.liveSince, new Date(now().getTime() - KEEP_LIVE_RECORDS_MS)),
        sql`${alertJobs.instantMatchedAt} is not null`,
      ),
    );
  return { jobsFound, instantSent, digestsSent: digests.sent, digestsChecked: digests.checked };
}

/**
 * Records the jobs that are live and were written since the last scan, on boards with an active
 * alert. A job becomes live only through a write (create, approve, reactivate), and every write
 * sets `updated_at`.
 */
export async function scanLiveJobs(db: Database, now: Date): Promise<number> {
  return transaction(db, async (tx) => {
    const [state] = await executeRows<{ scanned_until: string }>(
      tx,
      sql`select scanned_until from alert_scans where name = 'jobs' for update`,
    );
    const from = new Date(
      (state ? new Date(state.scanned_until).getTime() : now.getTime() - FIRST_SCAN_MS) - SCAN_OVERLAP_MS,
    );
    const found = await executeRows<{ job_id: string }>(
      tx,
      sql`insert into alert_jobs (job_id, organization_id, live_since)
        select jobs.id, jobs.organization_id, ${at(now)} from jobs
        where jobs.updated_at > ${at(from)} and ${liveJobCondition}
          and exists (select 1 from job_alerts a where a.organization_id = jobs.organization_id and a.status = 'active')
        on conflict (job_id) do nothing
        returning job_id`,
    );
    await executeRows(
      tx,
      sql`insert into alert_scans (name, scanned_until) values ('jobs', ${at(now)})
        on conflict (name) do update set scanned_until = greatest(alert_scans.scanned_until, excluded.scanned_until)`,
    );
    return found.length;
  });
}

async function boardsById(db: Db, ids: number[]): Promise<Map<number, AlertBoard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      board: organizations.board,
      customDomain: organizations.customDomain,
      customDomainVerifiedAt: organizations.customDomainVerifiedAt,
    })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Mails each newly live job to the instant alerts it matches, a chunk of alerts per transaction. */
async function sendInstantAlerts(db: Database, now: () => Date, until?: number): Promise<number> {
  let sent = 0;
  while (until === undefined || Date.now() < until) {
    const chunk = await transaction(db, async (tx) => {
      const [queued] = await tx
        .select()
        .from(alertJobs)
        .where(isNull(alertJobs.instantMatchedAt))
        .orderBy(asc(alertJobs.liveSince))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!queued) return undefined;
      const stamp = now();
      const gated = await anonymousJobGate(tx, [queued.organizationId]);
      const rows = await executeRows<MatchRow>(
        tx,
        sql`with j as materialized (select ${jobFacts(gated)} from jobs left join locations l on l.id = jobs.location_id
            where jobs.id = ${queued.jobId} and ${liveJobCondition}),
          picked as (
            select a.id as alert_id, a.email, a.frequency, a.q, a.category, a.job_type, a.remote,
              a.location as alert_location, a.salary_min
            from job_alerts a cross join j
            where a.organization_id = ${queued.organizationId} and a.status = 'active' and a.frequency = 'instant'
              and a.confirmed_at <= ${at(queued.liveSince)}
              and ${alertMatchesJob(boardSalaryCurrencySql(queued.organizationId))}
              and not exists (select 1 from job_alert_deliveries d where d.alert_id = a.id and d.job_id = j.id)
            limit ${INSTANT_CHUNK}),
          delivered as (
            insert into job_alert_deliveries (alert_id, job_id, sent_at)
            select alert_id, ${queued.jobId}, ${at(stamp)} from picked
            on conflict do nothing returning alert_id),
          touched as (
            update job_alerts set last_sent_at = ${at(stamp)} where id in (select alert_id from delivered))
          select picked.*, j.organization_id, j.title, j.company_name, j.slug, j.location, j.is_remote
          from picked join delivered on delivered.alert_id = picked.alert_id cross join j`,
      );
      if (rows.length < INSTANT_CHUNK) {
        await tx.update(alertJobs).set({ instantMatchedAt: stamp }).where(eq(alertJobs.jobId, queued.jobId));
      }
      if (rows.length > 0) {
        const board = (await boardsById(tx, [queued.organizationId])).get(queued.organizationId)!;
        await queueMails(
          tx,
          rows.map((row) =>
            instantMail(
              board,
              { id: row.alert_id, email: row.email, frequency: row.frequency, search: searchOfRow(row) },
              jobOfRow(row),
              stamp,
            ),
          ),
        );
      }
      return rows.length;
    });
    if (chunk === undefined) break;
    sent += chunk;
  }
  return sent;
}

/**
 * Sends the digests that are due, a batch of alerts at a time: each gets the new jobs it matches
 * since its last digest (at most DIGEST_MAX_JOBS, newest first, with the total), or nothing when
 * there are none; either way its next digest is one period on, at the same time of day.
 */
async function sendDigests(
  db: Database,
  now: () => Date,
  until?: number,
): Promise<{ sent: number; checked: number }> {
  let sent = 0;
  let checked = 0;
  while (until === undefined || Date.now() < until) {
    const stamp = now();
    const due = await claimDueDigests(db, stamp);
    if (due.length === 0) break;
    checked += due.length;
    const ids = due.map((alert) => alert.id);
    const boardIds = [...new Set(due.map((alert) => alert.organizationId))];
    const gated = await anonymousJobGate(db, boardIds);
    const rows = await executeRows<MatchRow & { job_id: string; total: number }>(
      db,
      sql`with a as (select * from job_alerts where id in ${ids}),
        ${boardCurrencies},
        j as materialized (
          select ${jobFacts(gated)}, aj.live_since from alert_jobs aj join jobs on jobs.id = aj.job_id
            left join locations l on l.id = jobs.location_id
          where aj.organization_id in (select organization_id from a)
            and aj.live_since > (select min(digest_cursor) from a) and ${liveJobCondition}),
        m as (
          select a.id as alert_id, a.email, a.frequency, a.q, a.category, a.job_type, a.remote,
            a.location as alert_location, a.salary_min, j.organization_id, j.id as job_id, j.title, j.company_name, j.slug,
            j.location, j.is_remote,
            row_number() over (partition by a.id order by j.live_since desc, j.id) as rank,
            count(*) over (partition by a.id) as total
          from a join j on j.organization_id = a.organization_id and j.live_since > a.digest_cursor
          where ${alertMatchesJob(boardCurrencyOfAlert)}
            and not exists (select 1 from job_alert_deliveries d where d.alert_id = a.id and d.job_id = j.id))
        select * from m where rank <= ${DIGEST_MAX_JOBS} order by alert_id, rank`,
    );
    const byAlert = new Map<string, typeof rows>();
    for (const row of rows) byAlert.set(row.alert_id, [...(byAlert.get(row.alert_id) ?? []), row]);
    const boards = await boardsById(db, boardIds);
    await transaction(db, async (tx) => {
      const deliveries = rows.map((row) => ({ alertId: row.alert_id, jobId: row.job_id, sentAt: stamp }));
      if (deliveries.length > 0) await tx.insert(jobAlertDeliveries).values(deliveries).onConflictDoNothing();
      await queueMails(
        tx,
        [...byAlert.values()].map((matches) => {
          const first = matches[0]!;
          return digestMail(
            boards.get(first.organization_id)!,
            {
              id: first.alert_id,
              email: first.email,
              frequency: first.frequency,
              search: searchOfRow(first),
            },
            matches.map(jobOfRow),
            Number(first.total),
            stamp,
          );
        }),
      );
      const mailed = [...byAlert.keys()];
      await executeRows(
        tx,
        sql`update job_alerts set digest_cursor = ${at(stamp)}, claimed_until = null,
          last_sent_at = case when id in ${mailed.length ? mailed : [null]} then ${at(stamp)} else last_sent_at end,
          next_digest_at = next_digest_at + (floor(extract(epoch from (${at(stamp)} - next_digest_at)) / p.seconds) + 1)
            * make_interval(secs => p.seconds)
          from (select case when frequency = 'daily' then 86400 else 604800 end as seconds, id as alert_id
            from job_alerts where id in ${ids}) p
          where job_alerts.id = p.alert_id`,
      );
    });
    sent += byAlert.size;
  }
  return { sent, checked };
}

async function claimDueDigests(db: Database, now: Date) {
  const due = db
    .select({ id: jobAlerts.id })
    .from(jobAlerts)
    .where(
      and(
        eq(jobAlerts.status, 'active'),
        ne(jobAlerts.frequency, 'instant'),
        lte(jobAlerts.nextDigestAt, now),
        or(isNull(jobAlerts.claimedUntil), lt(jobAlerts.claimedUntil, now)),
      ),
    )
    .orderBy(asc(jobAlerts.nextDigestAt))
    .limit(DIGEST_BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(jobAlerts)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(jobAlerts.id, due))
    .returning({ id: jobAlerts.id, organizationId: jobAlerts.organizationId });
}
