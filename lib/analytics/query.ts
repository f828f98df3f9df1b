// Reading the numbers: visits are the visitor's events with no gap over 30 minutes (Plausible's
// rule), so bounce rate and visit duration come from the events themselves. A visit's source,
// country and device are those of its first event; page and job filters match events. Because the
// visitor hash changes every day, uniques over several days add up per day, as in Plausible. Each
// visit's duration counts in whole seconds, so that durations summed apart add up to the same.
import { eq, type SQL, sql } from 'drizzle-orm';
import { analyticsSettings } from '@/db/schema';
import { type Db, executeRows } from '@/lib/core/transaction';
import { type PeriodInput, type Range, resolveRange } from './period';
import {
  type FilterKey,
  type JobAnalyticsOut,
  type JobAnalyticsSort,
  type Metrics,
  TOP_JOBS_PER_PAGE,
} from './schemas';

export const VISIT_GAP = sql.raw(`interval '30 minutes'`);
const BREAKDOWN_LIMIT = 10;

export async function timezoneOf(db: Db, orgId: number): Promise<string> {
  const [row] = await db
    .select({ timezone: analyticsSettings.timezone })
    .from(analyticsSettings)
    .where(eq(analyticsSettings.organizationId, orgId));
  return row?.timezone ?? 'UTC';
}

/** A range's instants: its days in its time zone. */
export const bounds = (range: Range) => ({
  start: sql`((${range.from})::date::timestamp at time zone ${range.timezone})`,
  end: sql`(((${range.to})::date + 1)::timestamp at time zone ${range.timezone})`,
});

/**
 * The events of the range with their visit (`visit_key`) and the visit's facts, as a CTE named
 * `ev`. A visit that began before the range counts from its first event inside it. The facts are
 * window functions over the visit, not a join with a grouped copy: the newest events lie past the
 * planner's statistics, and its one-row guess made that join a nested loop (2 s for 1,566 events).
 * `events` narrows the events (`e`) read before visits are made of them (filters apply after).
 */
export function eventsWithVisits(
  orgId: number,
  range: Range,
  where: SQL = sql`true`,
  events: SQL = sql`true`,
): SQL {
  const { start, end } = bounds(range);
  return sql`with base as (
    select e.*, e.occurred_at - lag(e.occurred_at) over (partition by e.visitor order by e.occurred_at, e.id) as gap
    from analytics_events e
    where e.organization_id = ${orgId} and e.occurred_at >= ${start} and e.occurred_at < ${end} and ${events}
  ), numbered as (
    select *, visitor || ':' || sum(case when gap is null or gap > ${VISIT_GAP} then 1 else 0 end)
      over (partition by visitor order by occurred_at, id) as visit_key
    from base
  ), visited as (
    select numbered.*,
      min(occurred_at) over visit as started, max(occurred_at) over visit as ended,
      count(*) filter (where name = 'pageview') over visit as visit_pageviews,
      coalesce((array_agg(source) filter (where source is not null) over visit)[1], 'Direct') as visit_source,
      first_value(country) over visit as visit_country,
      first_value(device) over visit as visit_device,
      first_value(browser) over visit as visit_browser
    from numbered
    window visit as (partition by visit_key order by occurred_at, id rows between unbounded preceding and unbounded following)
  ), ev as (
    select * from visited where ${where}
  )`;
}

export function filterSql(filters: Partial<Record<FilterKey, string>> | undefined): SQL {
  const parts: SQL[] = [];
  if (filters?.page) parts.push(sql`path = ${filters.page}`);
  if (filters?.job) parts.push(sql`job_id::text = ${filters.job.toLowerCase()}`);
  if (filters?.source) parts.push(sql`visit_source = ${filters.source}`);
  if (filters?.country) parts.push(sql`visit_country = ${filters.country.toUpperCase()}`);
  if (filters?.device) parts.push(sql`visit_device = ${filters.device.toLowerCase()}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** The metric columns of a group of `ev` rows. */
export const metricColumns = sql`
  count(distinct visitor)::int as visitors,
  count(*) filter (where name = 'pageview')::int as pageviews,
  count(distinct visit_key)::int as visits,
  count(distinct visit_key) filter (where visit_pageviews <= 1)::int as bounces,
  coalesce(sum(round(extract(epoch from distinct_duration))), 0)::bigint as duration,
  count(*) filter (where name = 'job_view')::int as job_views,
  count(*) filter (where name = 'apply_click')::int as apply_clicks,
  count(*) filter (where name = 'application')::int as applications`;

/** Metrics as sums, which add up across days and parts; rates come last (`toMetrics`). */
export interface Sums {
  visitors: number;
  pageviews: number;
  visits: number;
  bounces: number;
  /** Seconds, all visits together. */
  duration: number;
  job_views: number;
  apply_clicks: number;
  applications: number;
}

const sumKeys = [
  'visitors',
  'pageviews',
  'visits',
  'bounces',
  'duration',
  'job_views',
  'apply_clicks',
  'applications',
] as const;

export const zeroSums = (): Sums => ({
  visitors: 0,
  pageviews: 0,
  visits: 0,
  bounces: 0,
  duration: 0,
  job_views: 0,
  apply_clicks: 0,
  applications: 0,
});

export function addSums(
  into: Sums,
  more: Partial<Record<keyof Sums, number | string | null>> | undefined,
): Sums {
  for (const key of sumKeys) into[key] += Number(more?.[key] ?? 0);
  return into;
}

export const toMetrics = (sums: Sums): Metrics => ({
  visitors: sums.visitors,
  pageviews: sums.pageviews,
  visits: sums.visits,
  bounce_rate: sums.visits ? Math.round((100 * sums.bounces) / sums.visits) : 0,
  visit_duration: sums.visits ? Math.round(sums.duration / sums.visits) : 0,
  job_views: sums.job_views,
  apply_clicks: sums.apply_clicks,
  applications: sums.applications,
});

type SumRow = Record<keyof Sums, number | string>;

/**
 * `ev` with each visit's duration on its first row only, so that `sum` adds every visit once
 * whichever of its events fall in a group.
 */
export const withDurations = sql`, evd as (
    select ev.*, case when row_number() over (partition by visit_key order by occurred_at, id) = 1 then ended - started end as distinct_duration
    from ev
  )`;

/** The breakdowns, by their column in `ev`. */
export const breakdownColumns = {
  pages: 'path',
  sources: 'visit_source',
  countries: 'visit_country',
  devices: 'visit_device',
  browsers: 'visit_browser',
} as const;
export type Breakdown = keyof typeof breakdownColumns;
export interface BreakdownRow {
  name: string;
  visitors: number;
  pageviews: number;
}

const step = (range: Range) => sql.raw(`interval '1 ${range.interval}'`);

type PeriodRow = SumRow & {
  part: 'totals' | 'series' | Breakdown;
  name: string | null;
  bucket: Date | string | null;
};

/**
 * A range's totals, its buckets (each interval's start, zeros included) and every breakdown from raw
 * events, in one statement, so the visits are numbered once. Breakdowns hold their top 10, or every
 * value when `all` (a part that summed days are added to); `events` narrows the events read (those
 * not summed yet).
 */
export async function rawPeriod(
  db: Db,
  orgId: number,
  range: Range,
  { filters = sql`true`, all = false, events }: { filters?: SQL; all?: boolean; events?: SQL } = {},
): Promise<PeriodSums> {
  const tz = range.timezone;
  const lists = (Object.keys(breakdownColumns) as Breakdown[]).map((part) => {
    const column = sql.raw(breakdownColumns[part]);
    return sql`(select ${part}::text as part, ${column}::text as name, null::timestamptz as bucket,
      count(distinct visitor)::int as visitors, count(*) filter (where name = 'pageview')::int as pageviews,
      0, 0, 0::bigint, 0, 0, 0
      from ev where ${column} is not null
      group by ${column} order by 4 desc, 5 desc, 2 ${all ? sql`` : sql`limit ${BREAKDOWN_LIMIT}`})`;
  });
  const rows = await executeRows<PeriodRow>(
    db,
    sql`${eventsWithVisits(orgId, range, filters, events)}${withDurations},
    buckets as (
      select generate_series(date_trunc(${range.interval}, (${range.from})::date::timestamp), ((${range.to})::date + 1)::timestamp - interval '1 second', ${step(range)}) as local
    ), grouped as (
      select date_trunc(${range.interval}, occurred_at at time zone ${tz}) as local, ${metricColumns}
      from evd group by 1
    )
    (select 'totals' as part, null::text as name, null::timestamptz as bucket, ${metricColumns} from evd)
    union all
    (select 'series', null, (b.local at time zone ${tz}), g.visitors, g.pageviews, g.visits, g.bounces, g.duration, g.job_views, g.apply_clicks, g.applications
      from buckets b left join grouped g on g.local = b.local)
    ${sql.join(
      lists.map((list) => sql` union all ${list}`),
      sql``,
    )}`,
  );
  const period: PeriodSums = {
    totals: zeroSums(),
    timeseries: [],
    breakdowns: { pages: [], sources: [], countries: [], devices: [], browsers: [] },
  };
  for (const row of rows) {
    if (row.part === 'totals') addSums(period.totals, row);
    else if (row.part === 'series') {
      period.timeseries.push({ date: new Date(row.bucket!).toISOString(), sums: addSums(zeroSums(), row) });
    } else {
      period.breakdowns[row.part].push({
        name: row.name!,
        visitors: Number(row.visitors),
        pageviews: Number(row.pageviews),
      });
    }
  }
  period.timeseries.sort((a, b) => a.date.localeCompare(b.date));
  return period;
}

export interface PeriodSums {
  totals: Sums;
  timeseries: { date: string; sums: Sums }[];
  breakdowns: Record<Breakdown, BreakdownRow[]>;
}

export const topRows = (rows: BreakdownRow[]) =>
  [...rows]
    .sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews || a.name.localeCompare(b.name))
    .slice(0, BREAKDOWN_LIMIT);

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

/**
 * What jobAnalytics reads: a period, and either these jobs (a row each, zeros included) or, without
 * `jobIds`, the jobs with any activity in it, ordered by `sort` (default `views`) and paged.
 */
export interface JobAnalyticsInput extends PeriodInput {
  jobIds?: string[];
  sort?: JobAnalyticsSort;
  /** From 1 (the default). */
  page?: number;
  /** Default: every job of `jobIds`, else GET /analytics/jobs' page. */
  perPage?: number;
}

/** GET /analytics/jobs: the funnel of each job, from view to apply click to application. */
export async function jobAnalytics(
  db: Db,
  orgId: number,
  input: JobAnalyticsInput,
  now = new Date(),
): Promise<{ jobs: JobAnalyticsOut[]; total: number }> {
  const range = resolveRange(input, await timezoneOf(db, orgId), now);
  const jobIds = input.jobIds && [...new Set(input.jobIds.map((id) => id.toLowerCase()))];
  const { sort = 'views', page = 1 } = input;
  const perPage = input.perPage ?? jobIds?.length ?? TOP_JOBS_PER_PAGE;
  if (jobIds?.length === 0) return { jobs: [], total: 0 };
  const jobFilter = jobIds ? sql`job_id::text in ${jobIds}` : sql`job_id is not null`;
  const order = sql.raw(sort);
  const offset = (page - 1) * perPage;
  const rows = await executeRows<{
    job_id: string;
    title: string | null;
    views: number;
    unique_visitors: number;
    apply_clicks: number;
    applications: number;
    total: number;
  }>(
    db,
    sql`${eventsWithVisits(orgId, range, jobFilter)}, per_job as (
      select job_id,
        count(*) filter (where name = 'job_view')::int as views,
        count(distinct visitor) filter (where name = 'job_view')::int as unique_visitors,
        count(*) filter (where name = 'apply_click')::int as apply_clicks,
        count(*) filter (where name = 'application')::int as applications
      from ev group by job_id
    ), wanted as (
      ${
        jobIds
          ? sql`select id::uuid as job_id from unnest(${sql`array[${sql.join(
              jobIds.map((id) => sql`${id}`),
              sql`, `,
            )}]`}::text[]) as id`
          : sql`select job_id from per_job`
      }
    )
    select w.job_id::text as job_id, j.title, coalesce(p.views, 0)::int as views, coalesce(p.unique_visitors, 0)::int as unique_visitors,
      coalesce(p.apply_clicks, 0)::int as apply_clicks, coalesce(p.applications, 0)::int as applications, count(*) over ()::int as total
    from wanted w left join per_job p using (job_id)
    left join jobs j on j.id = w.job_id and j.organization_id = ${orgId}
    order by ${order} desc, w.job_id
    limit ${perPage} offset ${offset}`,
  );
  if (rows.length === 0) return { jobs: [], total: 0 };
  const ids = rows.map((row) => row.job_id);
  const idFilter = sql`job_id::text in ${ids}`;
  const [sourceRows, seriesRows] = await Promise.all([
    executeRows<{ job_id: string; name: string; visitors: number }>(
      db,
      sql`${eventsWithVisits(orgId, range, idFilter)}, ranked as (
        select job_id::text as job_id, visit_source as name, count(distinct visitor)::int as visitors,
          row_number() over (partition by job_id order by count(distinct visitor) desc, visit_source) as place
        from ev where name = 'job_view' group by job_id, visit_source
      ) select job_id, name, visitors from ranked where place <= 5 order by job_id, place`,
    ),
    executeRows<{ job_id: string; bucket: Date | string; views: number }>(
      db,
      sql`${eventsWithVisits(orgId, range, idFilter)},
      buckets as (
        select generate_series(date_trunc(${range.interval}, (${range.from})::date::timestamp), ((${range.to})::date + 1)::timestamp - interval '1 second', ${step(range)}) as local
      ), jobs_wanted as (select unnest(${sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]`}::text[]) as job_id),
      grouped as (
        select job_id::text as job_id, date_trunc(${range.interval}, occurred_at at time zone ${range.timezone}) as local, count(*)::int as views
        from ev where name = 'job_view' group by 1, 2
      )
      select w.job_id, (b.local at time zone ${range.timezone}) as bucket, coalesce(g.views, 0)::int as views
      from jobs_wanted w cross join buckets b left join grouped g on g.job_id = w.job_id and g.local = b.local
      order by w.job_id, b.local`,
    ),
  ]);
  return {
    total: rows[0]!.total,
    jobs: rows.map((row) => ({
      job_id: row.job_id,
      title: row.title,
      views: row.views,
      unique_visitors: row.unique_visitors,
      apply_clicks: row.apply_clicks,
      applications: row.applications,
      view_to_apply_rate: rate(row.apply_clicks, row.views),
      apply_to_application_rate: rate(row.applications, row.apply_clicks),
      sources: sourceRows
        .filter((source) => source.job_id === row.job_id)
        .map(({ name, visitors }) => ({ name, visitors })),
      timeseries: seriesRows
        .filter((point) => point.job_id === row.job_id)
        .map((point) => ({ date: new Date(point.bucket).toISOString(), views: point.views })),
    })),
  };
}
