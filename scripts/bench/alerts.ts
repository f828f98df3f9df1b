// Job alerts at scale: 100,000 confirmed alerts with searches like visitors make, on the beta board.
// Measures (1) matching one new job against all of them (database time, from EXPLAIN ANALYZE) and
// the instant run that mails the matches, and (2) a daily digest run over the due alerts, with the
// process's peak memory. PostgreSQL only; everything it adds is removed afterwards.
import { sql } from 'drizzle-orm';
import { connect } from '@/db/client';
import { runAlertWorker } from '@/lib/alerts';
import { alertsMatchingJob } from '@/lib/alerts/matching';
import { executeRows } from '@/lib/core/transaction';
import { createJob } from '@/lib/jobs';
import type { CreateJobInput } from '@/lib/jobs/schemas';
import { setMailDispatch } from '@/lib/mail';
import { anonymousJobGate } from '@/lib/payments';
import { categoryNames } from './category-tree';
import { postBodies } from './job-generator';
import type { SeededOrg } from './seed';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const NEW_JOBS_TODAY = 200;

const keywords = [
  'python',
  'react',
  'nurse',
  'designer',
  'sales',
  'data',
  'manager',
  'java',
  'marketing',
  'accountant',
  'engineer',
  'support',
  'product',
  'devops',
  'teacher',
  'analyst',
  'frontend',
  'senior',
];
const places = ['Berlin', 'London', 'New York', 'Paris', 'Toronto', 'Sydney', 'Madrid', 'Austin'];
const types = ['full-time', 'part-time', 'contract', 'freelance', 'internship'];

const textArray = (values: string[]) =>
  sql`(array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[])`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export async function runAlertBench(org: SeededOrg, databaseUrl: string | undefined): Promise<void> {
  console.log(`\nJob alerts: ${ALERTS.toLocaleString('en-US')} confirmed alerts on ${org.slug}.`);
  if (!databaseUrl) {
    console.log('  skipped: needs PostgreSQL (DATABASE_URL).');
    return;
  }
  // The outbox is measured, not sent: no mail worker runs in this process.
  setMailDispatch('manual');
  const handle = await connect({ driver: 'pg', url: databaseUrl });
  const db = handle.db;
  try {
    const started = performance.now();
    // Mixes like visitors': most follow a keyword or a category, a few a type, remote or a place;
    // 20% instant, 65% daily (all due now), 15% weekly (not due).
    await db.execute(sql`
      with slugs as (select array_agg(slug) as all_slugs from categories where organization_id = ${org.id})
      insert into job_alerts (id, organization_id, email, q, category, job_type, remote, location, frequency, status,
        confirmed_at, digest_cursor, next_digest_at)
      select gen_random_uuid(), ${org.id}, 'bench-alert-' || i || '@example.com',
        case when r1 < 0.6 then ${textArray(keywords)}[1 + (i % ${keywords.length})] end,
        case when r2 < 0.35 then all_slugs[1 + (i % array_length(all_slugs, 1))] end,
        case when r3 < 0.15 then ${textArray(types)}[1 + (i % ${types.length})] end,
        r4 < 0.15,
        case when r5 < 0.1 then ${textArray(places)}[1 + (i % ${places.length})] end,
        case when r6 < 0.2 then 'instant' when r6 < 0.85 then 'daily' else 'weekly' end,
        'active', now() - interval '3 days', now() - interval '1 day',
        case when r6 < 0.2 then null when r6 < 0.85 then now() - interval '1 minute' else now() + interval '3 days' end
      from slugs, (select i, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6
        from generate_series(1, ${ALERTS}) i) g`);
    await db.execute(sql`analyze job_alerts`);
    console.log(`  seeded in ${seconds(performance.now() - started)}`);

    // Jobs posted "today": what the digests report. Recorded as gone live and already mailed to the
    // instant alerts (that fan-out is measured once below, for one job).
    const bodies = postBodies(categoryNames).map((body) => JSON.parse(body) as CreateJobInput);
    const today: string[] = [];
    for (let index = 0; index < NEW_JOBS_TODAY; index++) {
      today.push((await createJob(db, org.id, bodies[index % bodies.length]!)).id);
    }
    await db.execute(sql`insert into alert_jobs (job_id, organization_id, live_since, instant_matched_at)
      select id, organization_id, now(), now() from jobs where id in ${today}`);
    await db.execute(sql`insert into alert_scans (name, scanned_until) values ('jobs', now())`);

    // (1) One new job against every alert.
    const job = await createJob(db, org.id, {
      title: 'Senior Python Engineer',
      company_name: 'Bench Analytics',
      description: 'Data pipelines in Python and SQL.',
      job_type: 'full-time',
      is_remote: true,
      location: 'Berlin, Germany',
      category: categoryNames[0],
    });
    const gated = await anonymousJobGate(db, [org.id]);
    const [plan] = await executeRows<{
      'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }];
    }>(
      db,
      sql`explain (analyze, format json) select count(*) from (${alertsMatchingJob(org.id, job.id, gated)}) matches`,
    );
    const timing = plan!['QUERY PLAN'][0];
    const [matches] = await executeRows<{ all: number; instant: number }>(
      db,
      sql`select count(*)::int as all, count(*) filter (where frequency = 'instant')::int as instant
        from (${alertsMatchingJob(org.id, job.id, gated)}) matches`,
    );
    const instantStarted = performance.now();
    const instant = await runAlertWorker(db, { now: () => new Date(Date.now() - 10 * 60_000) });
    const instantMs = performance.now() - instantStarted;
    console.log(
      `  one new job: matches ${matches!.all.toLocaleString('en-US')} of ${ALERTS.toLocaleString('en-US')} alerts ` +
        `(${matches!.instant} instant); database time ${timing['Execution Time'].toFixed(0)} ms execution + ` +
        `${timing['Planning Time'].toFixed(1)} ms planning; the instant run (scan, match, ${instant.instantSent} ` +
        `deliveries and mails queued) took ${seconds(instantMs)}`,
    );

    // (2) The daily digest run over every due alert.
    const [due] = await executeRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from job_alerts where organization_id = ${org.id} and frequency = 'daily'`,
    );
    const baseline = process.memoryUsage();
    let peakHeap = baseline.heapUsed;
    let peakRss = baseline.rss;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 50);
    const digestStarted = performance.now();
    const digests = await runAlertWorker(db);
    const digestMs = performance.now() - digestStarted;
    clearInterval(sampler);
    const [outbox] = await executeRows<{ mails: number; bytes: number }>(
      db,
      sql`select count(*)::int as mails, coalesce(sum(length(text) + length(html)), 0)::bigint as bytes
        from mail_outbox where organization_id = ${org.id}`,
    );
    console.log(
      `  daily digests: ${digests.digestsChecked.toLocaleString('en-US')} due alerts (of ${due!.count.toLocaleString('en-US')} daily) ` +
        `checked in ${seconds(digestMs)}, ${digests.digestsSent.toLocaleString('en-US')} digests queued ` +
        `(${outbox!.mails.toLocaleString('en-US')} mails, ${mb(Number(outbox!.bytes))} of text and HTML); ` +
        `peak heap ${mb(peakHeap)} (${mb(baseline.heapUsed)} before), peak RSS ${mb(peakRss)} (${mb(baseline.rss)} before)`,
    );
  } finally {
    await db.execute(sql`delete from job_alerts where organization_id = ${org.id}`);
    await db.execute(sql`delete from alert_jobs where organization_id = ${org.id}`);
    await db.execute(sql`delete from alert_scans`);
    await db.execute(sql`delete from mail_outbox where organization_id = ${org.id}`);
    await handle.close();
  }
}
