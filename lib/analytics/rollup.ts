// Days, summed: the analytics worker turns each finished day (in the organization's time zone,
// five minutes after its midnight) into one `all` row and a row per breakdown value, so long periods
// read a few hundred rows instead of millions of events. A visitor counts once per day, as the daily
// visitor hash already makes it; a visit that runs past midnight counts on both days. Closing a day
// sums it once from its raw events, exactly.
//
// The days not closed yet (today, and yesterday in the grace minutes) are summed as events come,
// every few minutes, reading only the events new since the last run (lib/analytics/open-days.ts):
// with each visitor's visits so far kept beside them, their rows are exactly those of the events
// summed. What a run has not summed yet (inserted after it, or stamped after its clock,
// `partialUntil`) is read raw and added: until the next run, a visitor or visit on both sides of
// that line counts on both, so the live numbers may run a little high. Closing a day, or changing
// the time zone (which sums every day again), starts the open days over from their events so far.
import { and, between, eq, sql } from 'drizzle-orm';
import { analyticsDaily, analyticsRollups, analyticsSummedEvents } from '@/db/schema';
import { RevisionCache } from '@/lib/cache';
import { DAY_MS } from '@/lib/core/time';
import { type Db, executeRows } from '@/lib/core/transaction';
import { forgetOpenDays, GRACE_MS, lockedRollups, sumOpenDays, unsummedEvents } from './open-days';
import { addDaysTo, type Range, today } from './period';
import {
  addSums,
  type Breakdown,
  type BreakdownRow,
  bounds,
  breakdownColumns,
  eventsWithVisits,
  metricColumns,
  type PeriodSums,
  rawPeriod,
  topRows,
  withDurations,
  zeroSums,
} from './query';

/** Days summed per statement. */
const CHUNK_DAYS = 31;

const dimensionOf: Record<Breakdown, string> = {
  pages: 'page',
  sources: 'source',
  countries: 'country',
  devices: 'device',
  browsers: 'browser',
};

/** Sums the days of [from, to] (closed, in `timezone`) into analytics_daily, replacing them. */
async function sumDays(db: Db, orgId: number, range: Range): Promise<void> {
  const tz = range.timezone;
  const dims = (Object.keys(breakdownColumns) as Breakdown[]).map(
    (
      name,
    ) => sql`select ${orgId}::int, day, ${dimensionOf[name]}, ${sql.raw(breakdownColumns[name])}, count(distinct visitor)::int, count(*) filter (where name = 'pageview')::int, 0, 0, 0::bigint, 0, 0, 0
      from days where ${sql.raw(breakdownColumns[name])} is not null group by day, ${sql.raw(breakdownColumns[name])}`,
  );
  await db.execute(
    sql`delete from analytics_daily where organization_id = ${orgId} and day between ${range.from}::date and ${range.to}::date`,
  );
  await db.execute(
    sql`insert into analytics_daily (organization_id, day, dimension, value, visitors, pageviews, visits, bounces, duration_seconds, job_views, apply_clicks, applications)
    ${eventsWithVisits(orgId, range)}${withDurations}, days as (
      select evd.*, (occurred_at at time zone ${tz})::date as day from evd
    )
    select ${orgId}::int, day, 'all', '', visitors, pageviews, visits, bounces, duration, job_views, apply_clicks, applications
    from (select day, ${metricColumns} from days group by day) totals
    ${sql.join(
      dims.map((dim) => sql` union all ${dim}`),
      sql``,
    )}`,
  );
}

/**
 * Sums every organization's closed days not summed yet (all of them again after a time-zone
 * change), until `until`, then the open days' new events (`sumOpenDays`). Answers the number of
 * days summed.
 */
export async function rollUpDays(
  db: Db,
  now = new Date(),
  until = Number.POSITIVE_INFINITY,
): Promise<number> {
  const organizations = await executeRows<{
    id: number;
    timezone: string;
    rolled_timezone: string | null;
    rolled_through: string | null;
  }>(
    db,
    sql`select o.id, coalesce(s.timezone, 'UTC') as timezone, r.timezone as rolled_timezone, r.rolled_through::text as rolled_through
      from organizations o
      left join analytics_settings s on s.organization_id = o.id
      left join analytics_rollups r on r.organization_id = o.id`,
  );
  let days = 0;
  for (const org of organizations) {
    const lastClosed = addDaysTo(today(org.timezone, new Date(now.getTime() - GRACE_MS)), -1);
    let start: string | null;
    if (org.rolled_timezone === org.timezone && org.rolled_through) {
      start = addDaysTo(org.rolled_through, 1);
    } else {
      await db.delete(analyticsDaily).where(eq(analyticsDaily.organizationId, org.id));
      const [first] = await executeRows<{ day: string | null }>(
        db,
        sql`select (min(occurred_at) at time zone ${org.timezone})::date::text as day from analytics_events where organization_id = ${org.id}`,
      );
      start = first?.day ?? null;
    }
    if ((!start || start > lastClosed) && (org.rolled_timezone !== org.timezone || !org.rolled_through)) {
      await lockedRollups(db, (tx) => markRolled(tx, org.id, org.timezone, lastClosed));
    }
    while (start && start <= lastClosed) {
      const from = start;
      const end = [addDaysTo(from, CHUNK_DAYS - 1), lastClosed].sort()[0]!;
      // One transaction: a read meanwhile sees the old sums with the old state, never a gap.
      await lockedRollups(db, async (tx) => {
        await sumDays(tx, org.id, { from, to: end, interval: 'day', timezone: org.timezone });
        await markRolled(tx, org.id, org.timezone, end);
      });
      days += Math.round((Date.parse(end) - Date.parse(from)) / DAY_MS) + 1;
      start = addDaysTo(end, 1);
      if (Date.now() > until) return days;
    }
  }
  await sumOpenDays(db, now);
  return days;
}

/**
 * Days summed through `through`, and none after it: the open days' sums so far are dropped with
 * their state, and the next `sumOpenDays` sums the days after `through` from their events (after a
 * close, the new day's first minutes).
 */
async function markRolled(db: Db, orgId: number, timezone: string, through: string): Promise<void> {
  await forgetOpenDays(db, orgId, through);
  await db
    .insert(analyticsRollups)
    .values({ organizationId: orgId, timezone, rolledThrough: through })
    .onConflictDoUpdate({
      target: analyticsRollups.organizationId,
      set: { timezone, rolledThrough: through, partialUntil: null, updatedAt: new Date() },
    });
}

/** How far `sumOpenDays` has summed the open days, by event id. */
const summedThroughId =
  sql<number>`coalesce((select ${analyticsSummedEvents.throughId} from ${analyticsSummedEvents}), 0)`.mapWith(
    Number,
  );

/** The period from summed days where they exist, from raw events after them. */
export function rolledRead(db: Db, orgId: number) {
  return async (range: Range): Promise<PeriodSums> => {
    const [row] = await db
      .select({ state: analyticsRollups, summedThroughId })
      .from(analyticsRollups)
      .where(eq(analyticsRollups.organizationId, orgId));
    const current = row?.state.timezone === range.timezone ? row.state : undefined;
    // Closed days are summed through `rolledThrough`; with `partialUntil`, the open days after it
    // too, for the events the last run summed. The others are read raw.
    const summedTo = current?.partialUntil
      ? range.to
      : current && [current.rolledThrough, range.to].sort()[0]!;
    const summedDays = summedTo && summedTo >= range.from ? { from: range.from, to: summedTo } : null;
    const tailFrom = current ? [addDaysTo(current.rolledThrough, 1), range.from].sort()[1]! : range.from;
    const events = current?.partialUntil
      ? unsummedEvents(row!.summedThroughId, current.partialUntil)
      : undefined;
    let tail = tailFrom <= range.to ? { ...range, from: tailFrom } : null;

    // Usually the minutes since the last run hold few events or none: then skip their queries.
    if (tail && !(await hasEvents(db, orgId, tail, events))) tail = null;
    const [rolledRows, tailPart, fullSeries] = await Promise.all([
      summedDays ? cachedSummedRows(db, orgId, summedDays, current!) : Promise.resolve([]),
      tail ? rawPeriod(db, orgId, tail, { all: true, events }) : Promise.resolve(null),
      bucketsOf(db, range),
    ]);

    const totals = addSums(zeroSums(), tailPart?.totals);
    const byBucket = new Map(fullSeries.map((date) => [date, zeroSums()]));
    for (const point of tailPart?.timeseries ?? [])
      addSums(byBucket.get(point.date) ?? zeroSums(), point.sums);
    const lists = Object.fromEntries(
      (Object.keys(breakdownColumns) as Breakdown[]).map((name) => [
        name,
        new Map((tailPart?.breakdowns[name] ?? []).map((row) => [row.name, { ...row }])),
      ]),
    ) as Record<Breakdown, Map<string, BreakdownRow>>;
    const breakdownOf = Object.fromEntries(
      Object.entries(dimensionOf).map(([name, dimension]) => [dimension, name]),
    ) as Record<string, Breakdown>;

    for (const row of rolledRows) {
      if (row.dimension === 'all') {
        const sums = {
          visitors: row.visitors,
          pageviews: row.pageviews,
          visits: row.visits,
          bounces: row.bounces,
          duration: row.durationSeconds,
          job_views: row.jobViews,
          apply_clicks: row.applyClicks,
          applications: row.applications,
        };
        addSums(totals, sums);
        const bucket = byBucket.get(bucketOf(row.day, range));
        if (bucket) addSums(bucket, sums);
        continue;
      }
      const list = lists[breakdownOf[row.dimension]!];
      const entry = list.get(row.value) ?? { name: row.value, visitors: 0, pageviews: 0 };
      entry.visitors += row.visitors;
      entry.pageviews += row.pageviews;
      list.set(row.value, entry);
    }
    return {
      totals,
      timeseries: [...byBucket].map(([date, sums]) => ({ date, sums })),
      breakdowns: Object.fromEntries(
        Object.entries(lists).map(([name, list]) => [name, topRows([...list.values()])]),
      ) as PeriodSums['breakdowns'],
    };
  };
}

async function hasEvents(db: Db, orgId: number, range: Range, events = sql`true`): Promise<boolean> {
  const { start, end } = bounds(range);
  const [row] = await executeRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from analytics_events e where e.organization_id = ${orgId} and e.occurred_at >= ${start} and e.occurred_at < ${end} and ${events}) as any`,
  );
  return Boolean(row?.any);
}

/**
 * Summed days change only when the worker sums again, which moves the state (its days, its
 * `partialUntil`, its `updatedAt`): until then a range's rows are read once per process, and the
 * dashboard asks for the same 30 days over and over.
 */
const summedCache = new RevisionCache<SummedRow[]>({
  name: 'analytics summed days',
  ttlMs: 10 * 60_000,
  maxBytes: 2 * 1024 * 1024,
});

function cachedSummedRows(
  db: Db,
  orgId: number,
  days: { from: string; to: string },
  state: typeof analyticsRollups.$inferSelect,
): Promise<SummedRow[]> {
  const key = [
    days.from,
    days.to,
    state.timezone,
    state.rolledThrough,
    state.partialUntil?.getTime(),
    state.updatedAt.getTime(),
  ].join(':');
  return summedCache.get({ id: orgId, revision: 0 }, key, () => summedRows(db, orgId, days));
}

/** Breakdown values kept from the summed days before adding the raw tail and cutting to 10. */
const SUMMED_CANDIDATES = 50;

type SummedRow = typeof analyticsDaily.$inferSelect;

/**
 * The summed days' `all` rows, and each breakdown's top values over the days, added up in the
 * database: a month of a busy board's pages is tens of thousands of rows.
 */
async function summedRows(db: Db, orgId: number, days: { from: string; to: string }): Promise<SummedRow[]> {
  const [totals, tops] = await Promise.all([
    db
      .select()
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.organizationId, orgId),
          between(analyticsDaily.day, days.from, days.to),
          eq(analyticsDaily.dimension, 'all'),
        ),
      ),
    executeRows<{ dimension: string; value: string; visitors: number; pageviews: number }>(
      db,
      sql`select dimension, value, visitors, pageviews from (
        select dimension, value, sum(visitors)::int as visitors, sum(pageviews)::int as pageviews,
          row_number() over (partition by dimension order by sum(visitors) desc, sum(pageviews) desc, value) as place
        from analytics_daily
        where organization_id = ${orgId} and day between ${days.from}::date and ${days.to}::date and dimension <> 'all'
        group by dimension, value
      ) ranked where place <= ${SUMMED_CANDIDATES}`,
    ),
  ]);
  return [
    ...totals,
    ...tops.map((row) => ({
      organizationId: orgId,
      day: days.from,
      visits: 0,
      bounces: 0,
      durationSeconds: 0,
      jobViews: 0,
      applyClicks: 0,
      applications: 0,
      ...row,
    })),
  ];
}

/** The ISO start of every bucket of the range, in order. */
async function bucketsOf(db: Db, range: Range): Promise<string[]> {
  const rows = await executeRows<{ bucket: Date | string }>(
    db,
    sql`select (local at time zone ${range.timezone}) as bucket from generate_series(date_trunc(${range.interval}, (${range.from})::date::timestamp), ((${range.to})::date + 1)::timestamp - interval '1 second', ${sql.raw(`interval '1 ${range.interval}'`)}) as local`,
  );
  return rows.map((row) => new Date(row.bucket).toISOString());
}

/** The ISO start of the bucket a summed day falls in. */
function bucketOf(day: string, range: Range): string {
  const local = range.interval === 'month' ? `${day.slice(0, 7)}-01` : day;
  return zonedMidnight(local, range.timezone);
}

/** Midnight of a local date in a time zone, as an ISO instant. */
function zonedMidnight(day: string, timezone: string): string {
  const utc = Date.parse(`${day}T00:00:00Z`);
  const offset = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    return (
      Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant
    );
  };
  const guess = utc - offset(utc);
  return new Date(utc - offset(guess)).toISOString();
}
