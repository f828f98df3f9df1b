// The open days summed as events come (lib/analytics/rollup.ts closes them): the days after an
// organization's last closed one, today and, in the minutes before it closes, yesterday too. Each
// run reads only the events new since the last one and folds them into those days' rows of
// analytics_daily. A day keeps the visits of its visitors so far (analytics_open_visitors) and the
// pages each one was counted on (analytics_open_pages): a visitor with new events has their visits
// made again with them (a visit continued stops being a bounce and lasts longer, an event between
// two visits joins them, one earlier than a visit becomes its first), and every row moves by what
// that visitor's part gained or lost. So an open day's rows are exactly what summing its events so
// far would make, at the cost of the new events and their visitors' state.
//
// New is by insertion order, not by time: a run sums the events up to `settledId`, below which no
// insert is still running, so an event that commits after a run, whatever its time, is summed by
// the next one. Events stamped later than the run's clock wait for a run whose clock has passed
// them (`partialUntil`).
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import {
  analyticsDaily,
  analyticsOpenPages,
  analyticsOpenVisitors,
  analyticsSummedEvents,
} from '@/db/schema';
import { type Db, executeRows, type Transaction, transaction } from '@/lib/core/transaction';
import { VISIT_GAP } from './query';

/** A day closes five minutes after its midnight, when the events still on their way are in. */
export const GRACE_MS = 5 * 60_000;
/** An insert in progress takes milliseconds; one that runs longer leaves the open days to the next run. */
const SETTLE_TRIES = 20;
const SETTLE_PAUSE_MS = 100;

/** A transaction under the rollups' lock: the workers of several processes sum one at a time. */
export function lockedRollups<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_rollups'))`);
    return work(tx);
  });
}

/** The events of an open day not summed yet: inserted after the last run, or stamped after its clock. */
export const unsummedEvents = (summedThroughId: number, partialUntil: Date): SQL =>
  sql`(e.id > ${summedThroughId} or e.occurred_at >= ${partialUntil}::timestamptz)`;

/**
 * Sums into the open days the events new since the last run: ids up to `settledId`, and ids summed
 * before whose time `now` has reached since. An organization whose day was just closed, or whose
 * time zone changed, has its open days summed from their events so far. Answers how many events
 * it read, or null when inserts kept running (the next run sums them; reads take them raw).
 */
export async function sumOpenDays(db: Db, now = new Date()): Promise<number | null> {
  const settled = await settledId(db);
  if (settled === null) return null;
  return lockedRollups(db, async (tx) => {
    // Its statements read a few rows by index, but the planner cannot know how few (the ranges are
    // the state's): left on, JIT compiled them, for a second and more each.
    await tx.execute(sql`set local jit = off`);
    const [row] = await tx.select().from(analyticsSummedEvents);
    const summed = row?.throughId ?? 0;
    const through = Math.max(summed, settled);
    const events = await fold(tx, dueEvents(summed, through, now), now);
    if (through > summed) {
      await tx
        .insert(analyticsSummedEvents)
        .values({ throughId: through })
        .onConflictDoUpdate({ target: analyticsSummedEvents.id, set: { throughId: through } });
    }
    return events;
  });
}

/** The open days after `day` lose their sums and state, to be summed again from their events. */
export async function forgetOpenDays(tx: Db, orgId: number, day: string): Promise<void> {
  await tx
    .delete(analyticsDaily)
    .where(and(eq(analyticsDaily.organizationId, orgId), gt(analyticsDaily.day, day)));
  await tx.delete(analyticsOpenVisitors).where(eq(analyticsOpenVisitors.organizationId, orgId));
  await tx.delete(analyticsOpenPages).where(eq(analyticsOpenPages.organizationId, orgId));
}

/**
 * The greatest event id that no insert still running can come in under, or null while inserts
 * keep the table busy. An insert holds its lock on analytics_events from before it takes its ids
 * until it commits: once no other session holds one, every id up to the greatest seen is final.
 */
async function settledId(db: Db): Promise<number | null> {
  for (let attempt = 0; attempt < SETTLE_TRIES; attempt++) {
    const [last] = await executeRows<{ id: number | string | null }>(
      db,
      sql`select max(id) as id from analytics_events`,
    );
    const [locks] = await executeRows<{ writing: boolean }>(
      db,
      sql`select exists (
        select 1 from pg_locks
        where locktype = 'relation' and relation = 'analytics_events'::regclass and mode = 'RowExclusiveLock'
          and granted and database = (select oid from pg_database where datname = current_database())
          and pid is distinct from pg_backend_pid()
      ) as writing`,
    );
    if (!locks?.writing) return Number(last?.id ?? 0);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
  }
  return null;
}

const eventColumns = sql`e.id, e.organization_id, (e.occurred_at at time zone r.timezone)::date as day,
  e.occurred_at, e.name, e.path, e.visitor, e.source, e.country, e.device, e.browser`;
const openDay = sql`(e.occurred_at at time zone r.timezone)::date > r.rolled_through`;

/**
 * The events a run sums, with their organization's local day. Where the open days are summed: the
 * ids new since `summed`, stamped before the clock; the ids summed before, stamped from the last
 * run's clock to this one's. Where they are not, once the closed days are caught up: all of them.
 * Each part reads an index range as long as its events: per organization (`offset 0` keeps the
 * planner from making a join of it, which, unable to guess the ranges, scanned the table).
 */
function dueEvents(summed: number, through: number, now: Date): SQL {
  const clock = sql`${now}::timestamptz`;
  return sql`
    select ${eventColumns}
    from analytics_events e join analytics_rollups r on r.organization_id = e.organization_id
    where e.id > ${summed} and e.id <= ${through} and r.partial_until is not null
      and e.occurred_at < greatest(r.partial_until, ${clock}) and ${openDay}
    union all
    select ${eventColumns}
    from analytics_rollups r cross join lateral (
      select * from analytics_events e where e.organization_id = r.organization_id
        and e.occurred_at >= r.partial_until and e.occurred_at < ${clock} and e.id <= ${summed}
      offset 0
    ) e
    where ${openDay}
    union all
    select ${eventColumns}
    from analytics_rollups r cross join lateral (
      select * from analytics_events e where e.organization_id = r.organization_id
        and e.occurred_at >= (r.rolled_through + 1)::timestamp at time zone r.timezone
        and e.occurred_at < ${clock} and e.id <= ${through}
      offset 0
    ) e
    where r.partial_until is null
      and r.rolled_through >= ((${clock} - ${sql.raw(`interval '${GRACE_MS / 1000} seconds'`)}) at time zone r.timezone)::date - 1`;
}

/** A visit in analytics_open_visitors: its first and last event, and the facts sumDays takes from them. */
const visitFields = sql`started timestamptz, first_id bigint, ended timestamptz, pageviews int, source text,
  source_at timestamptz, source_id bigint, country text, device text, browser text`;

/**
 * `fresh`'s visitors with their visits before (`before`, `old_visits`) and after (`visits`). The
 * visits are made as query.ts makes them from events, with each visit before standing for its
 * events: a piece starts a visit when over 30 minutes lie between it and the latest end before it;
 * the source is the first one set, country, device and browser the first event's.
 */
const visitsBeforeAndAfter = sql`
  touched as (select distinct organization_id, day, visitor from fresh),
  before as (
    select v.organization_id, v.day, v.visitor, v.visits
    from analytics_open_visitors v join touched t using (organization_id, day, visitor)
  ), old_visits as (
    select b.organization_id, b.day, b.visitor, p.*
    from before b cross join jsonb_to_recordset(b.visits) as p(${visitFields})
  ), pieces as (
    select * from old_visits
    union all
    select organization_id, day, visitor, occurred_at, id, occurred_at, (name = 'pageview')::int, source,
      case when source is not null then occurred_at end, case when source is not null then id end,
      country, device, browser
    from fresh
  ), reached as (
    select *, max(ended) over (partition by organization_id, day, visitor order by started, first_id
      rows between unbounded preceding and 1 preceding) as reached
    from pieces
  ), numbered as (
    select *, count(*) filter (where reached is null or started - reached > ${VISIT_GAP})
      over (partition by organization_id, day, visitor order by started, first_id rows unbounded preceding) as visit
    from reached
  ), visits as (
    select organization_id, day, visitor, min(started) as started,
      (array_agg(first_id order by started, first_id))[1] as first_id, max(ended) as ended,
      sum(pageviews)::int as pageviews,
      (array_agg(source order by source_at, source_id) filter (where source is not null))[1] as source,
      min(source_at) as source_at,
      (array_agg(source_id order by source_at, source_id) filter (where source is not null))[1] as source_id,
      (array_agg(country order by started, first_id))[1] as country,
      (array_agg(device order by started, first_id))[1] as device,
      (array_agg(browser order by started, first_id))[1] as browser
    from numbered group by organization_id, day, visitor, visit
  )`;

/**
 * What each row of the day gains: new events count; visits count as they are now less as they
 * were; a visitor counts on a value (the `all` row, a visit's source, country, device, browser, a
 * page) when they are on it now and were not before, and less one when it is the other way.
 */
const rowChanges = sql`
  changes as (
    select organization_id, day, visitor, 1 as sign, started, ended, pageviews, source, country, device, browser
    from visits
    union all
    select organization_id, day, visitor, -1, started, ended, pageviews, source, country, device, browser
    from old_visits
  ), attributed as (
    select c.organization_id, c.day, c.visitor, d.dimension, d.value, c.sign, c.pageviews
    from changes c cross join lateral (values ('source', coalesce(c.source, 'Direct')), ('country', c.country),
      ('device', c.device), ('browser', c.browser)) as d(dimension, value)
    where d.value is not null
  ), seen as (
    insert into analytics_open_pages (organization_id, day, visitor, path)
    select distinct organization_id, day, visitor, path from fresh
    on conflict do nothing
    returning organization_id, day, path
  ), parts as (
    select organization_id, day, 'all' as dimension, '' as value, 0 as visitors,
      count(*) filter (where name = 'pageview') as pageviews, 0 as visits, 0 as bounces, 0 as duration,
      count(*) filter (where name = 'job_view') as job_views,
      count(*) filter (where name = 'apply_click') as apply_clicks,
      count(*) filter (where name = 'application') as applications
    from fresh group by organization_id, day
    union all
    select organization_id, day, 'all', '', count(*), 0, 0, 0, 0, 0, 0, 0
    from touched t where not exists (select 1 from before b where (b.organization_id, b.day, b.visitor) = (t.organization_id, t.day, t.visitor))
    group by organization_id, day
    union all
    select organization_id, day, 'all', '', 0, 0, sum(sign), coalesce(sum(sign) filter (where pageviews <= 1), 0),
      sum(sign * round(extract(epoch from ended - started))), 0, 0, 0
    from changes group by organization_id, day
    union all
    select organization_id, day, dimension, value, bool_or(sign > 0)::int - bool_or(sign < 0)::int,
      sum(sign * pageviews), 0, 0, 0, 0, 0, 0
    from attributed group by organization_id, day, visitor, dimension, value
    union all
    select organization_id, day, 'page', path, count(*), 0, 0, 0, 0, 0, 0, 0
    from seen group by organization_id, day, path
    union all
    select organization_id, day, 'page', path, 0, count(*), 0, 0, 0, 0, 0, 0
    from fresh where name = 'pageview' group by organization_id, day, path
  )`;

const counted = [
  'visitors',
  'pageviews',
  'visits',
  'bounces',
  'duration_seconds',
  'job_views',
  'apply_clicks',
  'applications',
];

/**
 * Folds `events` (with their organization's local `day`) into the open days: the visitors' state,
 * the rows, and each organization's `partialUntil`. A breakdown row no visitor is on any more (a
 * visit's first event or source changed) goes. Answers the number of events. They are copied to a
 * table first: the planner then knows how many they are, and looks their visitors up by index.
 */
async function fold(tx: Transaction, events: SQL, now: Date): Promise<number> {
  await tx.execute(sql`create temporary table fresh on commit drop as ${events}`);
  const [result] = await executeRows<{ events: number; emptied: EmptiedRow[] | null }>(
    tx,
    sql`with ${visitsBeforeAndAfter}, saved as (
      insert into analytics_open_visitors (organization_id, day, visitor, visits)
      select organization_id, day, visitor, jsonb_agg(to_jsonb(visits) - 'organization_id' - 'day' - 'visitor')
      from visits group by organization_id, day, visitor
      on conflict (organization_id, day, visitor) do update set visits = excluded.visits
    ), ${rowChanges}, summed as (
      insert into analytics_daily (organization_id, day, dimension, value, ${sql.raw(counted.join(', '))})
      select organization_id, day, dimension, value, sum(visitors), sum(pageviews), sum(visits), sum(bounces),
        sum(duration), sum(job_views), sum(apply_clicks), sum(applications)
      from parts group by organization_id, day, dimension, value
      on conflict (organization_id, day, dimension, value) do update set
        ${sql.raw(counted.map((column) => `${column} = analytics_daily.${column} + excluded.${column}`).join(', '))}
      returning organization_id, day, dimension, value, visitors
    ), moved as (
      update analytics_rollups r set partial_until = greatest(r.partial_until, ${now}::timestamptz), updated_at = now()
      where r.organization_id in (select organization_id from fresh)
    )
    select (select count(*) from fresh)::int as events,
      (select jsonb_agg(to_jsonb(s) - 'visitors') from summed s where s.visitors = 0) as emptied`,
  );
  if (result?.emptied) {
    await tx.execute(sql`delete from analytics_daily d
      using jsonb_to_recordset(${JSON.stringify(result.emptied)}::jsonb) as k(organization_id int, day date, dimension text, value text)
      where (d.organization_id, d.day, d.dimension, d.value) = (k.organization_id, k.day, k.dimension, k.value)`);
  }
  return Number(result?.events ?? 0);
}

interface EmptiedRow {
  organization_id: number;
  day: string;
  dimension: string;
  value: string;
}
