// Board analytics at scale, in-process before the server starts: BENCH_EVENTS (10,000,000) raw
// events over the last 30 days, most on the alpha board (what GET /api/analytics then reads over
// HTTP), the rest on the beta board. Measures writing events through the ingest path (enrich, hash,
// batch), summing the finished days, and the query service for 30 days with and without the sums,
// the first read after a sum and the ones after it; then the worker's next run, which sums the
// events new since the last one into today.
// PostgreSQL only.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { connect } from '@/db/client';
import { flushEvents, rollUpDays, siteAnalytics, trackEvent } from '@/lib/analytics';
import { analyticsQuerySchema } from '@/lib/analytics/schemas';
import { clearRevisionCaches } from '@/lib/cache/revision-cache';
import { executeRows } from '@/lib/core/transaction';
import type { SeededOrg } from './seed';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const INGESTED = 20_000;
const QUERY_RUNS = 10;
/** A busy board's five minutes between two sums (300,000 events a day). */
const TAIL_EVENTS = 1_000;

const agents = [
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];
const referrers = [
  'https://www.google.com/',
  'https://www.linkedin.com/',
  '',
  'https://news.ycombinator.com/',
  '',
];

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(share * (values.length - 1))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function runAnalyticsBench(
  alpha: SeededOrg,
  beta: SeededOrg,
  databaseUrl: string | undefined,
): Promise<void> {
  console.log(
    `\nAnalytics: ${EVENTS.toLocaleString('en-US')} raw events over 30 days (90% on ${alpha.slug}).`,
  );
  if (!databaseUrl) {
    console.log('  skipped: needs PostgreSQL (DATABASE_URL).');
    return;
  }
  const handle = await connect({ driver: 'pg', url: databaseUrl });
  const db = handle.db;
  try {
    // Ingest: the enrich/hash/batch path the collect endpoint and the proxy use, into PostgreSQL.
    const started = performance.now();
    for (let index = 0; index < INGESTED; index++) {
      await trackEvent(
        beta.id,
        {
          name: 'pageview',
          url: new URL(
            `https://${beta.slug}.boards.example/jobs/${beta.liveJobSlugs[index % beta.liveJobSlugs.length]}?utm_source=${index % 3 ? '' : 'newsletter'}`,
          ),
          boardSlug: beta.slug,
          referrer: referrers[index % referrers.length],
        },
        {
          address: `10.1.${(index >> 8) & 255}.${index & 255}`,
          userAgent: agents[index % agents.length]!,
          headers: new Headers(),
        },
        new Date(),
        db,
      );
      if (index % 500 === 499) await flushEvents(db);
    }
    await flushEvents(db);
    const ingestSeconds = (performance.now() - started) / 1000;
    console.log(
      `  ingest path: ${INGESTED.toLocaleString('en-US')} events in ${ingestSeconds.toFixed(2)} s = ${Math.round(INGESTED / ingestSeconds).toLocaleString('en-US')} events/s (one process, batches of 500)`,
    );

    const seedStarted = performance.now();
    const paths = alpha.liveJobSlugs.slice(0, 2000).map((slug) => `/jobs/${slug}`);
    await db.execute(sql`insert into analytics_events (organization_id, occurred_at, name, path, job_id, visitor, source, country, device, browser, os)
      select case when n % 10 = 0 then ${beta.id}::int else ${alpha.id}::int end,
        now() - (n % 2592000) * interval '1 second' - (n % 7) * interval '1 minute',
        case when n % 9 = 0 then 'job_view' when n % 97 = 0 then 'apply_click' when n % 991 = 0 then 'application' else 'pageview' end,
        case when n % 3 = 0 then '/' else (${sql.raw(`array[${paths.map((path) => `'${path.replaceAll("'", "''")}'`).join(',')}]`)})[1 + n % ${paths.length}] end,
        null,
        'v' || (n / 4)::bigint,
        (array['Google', 'Direct', 'LinkedIn', 'newsletter', null, null])[1 + n % 6],
        (array['US', 'GB', 'DE', 'FR', 'IN', 'BR', null])[1 + n % 7],
        (array['desktop', 'mobile', 'tablet'])[1 + n % 3],
        (array['Chrome', 'Safari', 'Firefox', 'Edge'])[1 + n % 4],
        (array['Windows', 'iOS', 'Android', 'macOS', 'Linux'])[1 + n % 5]
      from generate_series(1, ${EVENTS}) as n`);
    await db.execute(sql`analyze analytics_events`);
    // The history was written just now: sum it as if the days had passed one by one.
    await db.execute(sql`delete from analytics_rollups`);
    await db.execute(sql`delete from analytics_daily`);
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

    const query = analyticsQuerySchema.parse({ period: '30d' });
    /** `cold`: every run as the first after a sum, with nothing of the summed days in memory. */
    const time = async (count: number, { cold = false } = {}) => {
      const runs: number[] = [];
      for (let run = 0; run < count; run++) {
        if (cold) clearRevisionCaches();
        const start = performance.now();
        await siteAnalytics(db, alpha.id, query);
        runs.push(performance.now() - start);
      }
      return runs;
    };
    const [raw] = await time(1);
    console.log(`  GET /analytics?period=30d from raw events only (once): ${ms(raw!)}`);
    const rollStarted = performance.now();
    const days = await rollUpDays(db);
    const heap = process.memoryUsage().heapUsed;
    console.log(
      `  summing finished days: ${days} organization-days in ${((performance.now() - rollStarted) / 1000).toFixed(1)} s (heap ${Math.round(heap / 1024 / 1024)} MB)`,
    );
    const cold = await time(QUERY_RUNS, { cold: true });
    console.log(
      `  GET /analytics?period=30d, summed days + today raw, first read after a sum: p50 ${ms(percentile(cold, 0.5))}, p99 ${ms(percentile(cold, 0.99))}`,
    );
    const rolled = await time(QUERY_RUNS);
    console.log(
      `  GET /analytics?period=30d, summed days + today raw, read again: p50 ${ms(percentile(rolled, 0.5))}, p99 ${ms(percentile(rolled, 0.99))} (target p50 < 50 ms)`,
    );
    // What a busy board has between two sums: five minutes of events read raw on top.
    await db.execute(sql`insert into analytics_events (organization_id, occurred_at, name, path, visitor, source, country, device, browser, os)
      select ${alpha.id}::int, now() - (n % 300) * interval '1 second', case when n % 9 = 0 then 'job_view' else 'pageview' end,
        '/jobs/' || (n % 500), 'tail' || (n / 3), (array['Google', 'Direct', null])[1 + n % 3], 'US', 'desktop', 'Chrome', 'Linux'
      from generate_series(1, ${TAIL_EVENTS}) as n`);
    const withTail = await time(QUERY_RUNS);
    console.log(
      `  the same with ${TAIL_EVENTS.toLocaleString('en-US')} events since the last sum read raw: p50 ${ms(percentile(withTail, 0.5))}, p99 ${ms(percentile(withTail, 0.99))}`,
    );
    // It reads those events and their visitors' state, not the day: its time goes with them.
    const [today] = await executeRows<{ events: number }>(
      db,
      sql`select count(*)::int as events from analytics_events where organization_id = ${alpha.id} and occurred_at >= date_trunc('day', now())`,
    );
    const sumStarted = performance.now();
    await rollUpDays(db);
    console.log(
      `  summing them into today (${today!.events.toLocaleString('en-US')} events on ${alpha.slug} today): ${ms(performance.now() - sumStarted)}`,
    );
  } finally {
    await handle.close();
  }
}
