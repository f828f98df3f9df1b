// Exact numbers from a known set of events: two days, two visitors (one back the next day under
// a new hash), two organizations, a job's whole funnel.

import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { analyticsDaily, analyticsEvents, analyticsSettings } from '@/db/schema';
import { rollUpDays } from '@/lib/analytics';
import { createTenant, createTestJob } from '@/test/factories';
import { call } from '@/test/http';
import { GET as jobsGet } from './jobs/route';
import { GET } from './route';

const NOW = new Date('2026-11-24T20:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

type Event = Partial<typeof analyticsEvents.$inferInsert> & {
  at: string;
  visitor: string;
  name: string;
  path: string;
  device: string;
};

async function seed() {
  const tenant = await createTenant();
  const other = await createTenant();
  const job = await createTestJob(tenant.organization.id, { title: 'Analytics Role' });
  const quiet = await createTestJob(tenant.organization.id, { title: 'Quiet Role' });
  const firefox = { device: 'desktop', browser: 'Firefox', os: 'Linux', country: 'GB' };
  const phone = { device: 'mobile', browser: 'Safari', os: 'iOS', country: 'DE' };
  const events: Event[] = [
    { at: '2026-11-23T10:00:00Z', visitor: 'v1', name: 'pageview', path: '/', source: 'Google', ...firefox },
    {
      at: '2026-11-23T10:05:00Z',
      visitor: 'v1',
      name: 'pageview',
      path: `/jobs/${job.slug}`,
      jobId: job.id,
      source: null,
      ...firefox,
    },
    {
      at: '2026-11-23T10:05:00Z',
      visitor: 'v1',
      name: 'job_view',
      path: `/jobs/${job.slug}`,
      jobId: job.id,
      source: null,
      ...firefox,
    },
    {
      at: '2026-11-23T10:06:00Z',
      visitor: 'v1',
      name: 'apply_click',
      path: `/jobs/${job.slug}/apply`,
      jobId: job.id,
      source: null,
      ...firefox,
    },
    { at: '2026-11-23T11:00:00Z', visitor: 'v1', name: 'pageview', path: '/', source: 'Direct', ...firefox },
    {
      at: '2026-11-23T12:00:00Z',
      visitor: 'v2',
      name: 'pageview',
      path: `/jobs/${job.slug}`,
      jobId: job.id,
      source: 'LinkedIn',
      ...phone,
    },
    {
      at: '2026-11-23T12:00:00Z',
      visitor: 'v2',
      name: 'job_view',
      path: `/jobs/${job.slug}`,
      jobId: job.id,
      source: 'LinkedIn',
      ...phone,
    },
    {
      at: '2026-11-23T12:10:00Z',
      visitor: 'v2',
      name: 'application',
      path: `/jobs/${job.slug}`,
      jobId: job.id,
      source: null,
      ...phone,
    },
    {
      at: '2026-11-24T09:00:00Z',
      visitor: 'v1-next-day',
      name: 'pageview',
      path: '/',
      source: 'Direct',
      ...firefox,
    },
    { at: '2026-11-14T09:00:00Z', visitor: 'v0', name: 'pageview', path: '/', source: 'Direct', ...firefox },
  ];
  const db = await getDb();
  await db.insert(analyticsEvents).values(
    events.map(({ at, ...event }) => ({
      organizationId: tenant.organization.id,
      occurredAt: new Date(at),
      ...event,
    })),
  );
  await db.insert(analyticsEvents).values({
    organizationId: other.organization.id,
    occurredAt: new Date('2026-11-23T10:00:00Z'),
    name: 'pageview',
    path: '/',
    visitor: 'elsewhere',
    device: 'desktop',
  });
  return { key: tenant.key, orgId: tenant.organization.id, job, quiet };
}

const read = (key: string, query = '') => call(GET, { path: `/analytics${query}`, apiKey: key });
const readJobs = (key: string, query = '') => call(jobsGet, { path: `/analytics/jobs${query}`, apiKey: key });

describe('GET /api/analytics', () => {
  it('counts visitors, page views, visits, bounces, durations and the job funnel exactly', async () => {
    const { key, job } = await seed();
    const answer = await read(key, '?period=7d&compare=previous_period');
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.totals).toEqual({
      visitors: 3,
      pageviews: 5,
      visits: 4,
      bounce_rate: 75,
      visit_duration: 240,
      job_views: 2,
      apply_clicks: 1,
      applications: 1,
    });
    expect(data.comparison).toMatchObject({ visitors: 1, pageviews: 1, visits: 1, bounce_rate: 100 });
    expect(data.timeseries).toHaveLength(7);
    expect(data.timeseries[0].date).toBe('2026-11-18T00:00:00.000Z');
    expect(data.timeseries[5]).toMatchObject({
      date: '2026-11-23T00:00:00.000Z',
      visitors: 2,
      pageviews: 4,
      visits: 3,
      job_views: 2,
    });
    expect(data.timeseries[6]).toMatchObject({ date: '2026-11-24T00:00:00.000Z', visitors: 1, pageviews: 1 });
    expect(data.timeseries[0]).toMatchObject({ visitors: 0, pageviews: 0, visits: 0, bounce_rate: 0 });
    expect(data.breakdowns.pages).toEqual([
      { name: '/', visitors: 2, pageviews: 3 },
      { name: `/jobs/${job.slug}`, visitors: 2, pageviews: 2 },
      { name: `/jobs/${job.slug}/apply`, visitors: 1, pageviews: 0 },
    ]);
    expect(data.breakdowns.sources).toEqual([
      { name: 'Direct', visitors: 2, pageviews: 2 },
      { name: 'Google', visitors: 1, pageviews: 2 },
      { name: 'LinkedIn', visitors: 1, pageviews: 1 },
    ]);
    expect(data.breakdowns.devices).toEqual([
      { name: 'desktop', visitors: 2, pageviews: 4 },
      { name: 'mobile', visitors: 1, pageviews: 1 },
    ]);
    expect(data.breakdowns.countries.map((row: { name: string }) => row.name)).toEqual(['GB', 'DE']);
    expect(data.breakdowns.browsers.map((row: { name: string }) => row.name)).toEqual(['Firefox', 'Safari']);
  });

  it('filters by the breakdowns’ names: a source filters visits, a page filters events', async () => {
    const { key, job } = await seed();
    const google = (await read(key, '?period=7d&filters=source==Google')).body.data.totals;
    expect(google).toEqual({
      visitors: 1,
      pageviews: 2,
      visits: 1,
      bounce_rate: 0,
      visit_duration: 360,
      job_views: 1,
      apply_clicks: 1,
      applications: 0,
    });
    const page = (await read(key, `?period=7d&filters=${encodeURIComponent(`page==/jobs/${job.slug}`)}`)).body
      .data.totals;
    expect(page).toMatchObject({
      visitors: 2,
      pageviews: 2,
      visits: 2,
      bounce_rate: 50,
      visit_duration: 480,
      job_views: 2,
      applications: 1,
    });
    const both = (
      await read(key, `?period=7d&filters=${encodeURIComponent(`page==/;device==desktop;country==gb`)}`)
    ).body.data.totals;
    expect(both).toMatchObject({ visitors: 2, pageviews: 3 });
    const byJob = (await read(key, `?period=7d&filters=job==${job.id}`)).body.data.totals;
    expect(byJob).toMatchObject({ job_views: 2, apply_clicks: 1, applications: 1 });
  });

  it('buckets today by the hour, and days in the organization’s time zone', async () => {
    const { key, orgId } = await seed();
    const today = (await read(key, '?period=day')).body.data;
    expect(today.timeseries).toHaveLength(24);
    expect(today.timeseries[9]).toMatchObject({ date: '2026-11-24T09:00:00.000Z', visitors: 1 });
    expect(today.totals.visitors).toBe(1);
    const db = await getDb();
    await db.insert(analyticsSettings).values({ organizationId: orgId, timezone: 'America/New_York' });
    const newYork = (await read(key, '?period=custom&date_from=2026-11-23&date_to=2026-11-23')).body.data;
    expect(newYork.timeseries).toEqual([
      expect.objectContaining({ date: '2026-11-23T05:00:00.000Z', visitors: 2 }),
    ]);
    // 09:00 UTC on the 24th is still the 24th in New York (04:00), so it falls outside.
    expect(newYork.totals.visitors).toBe(2);
    const year = (await read(key, '?period=12mo')).body.data;
    expect(year.timeseries).toHaveLength(12);
  });

  it('answers 400 with the offending field for bad parameters', async () => {
    const { key } = await seed();
    for (const [query, field] of [
      ['?period=week', 'period'],
      ['?interval=minute', 'interval'],
      ['?compare=yes', 'compare'],
      ['?filters=colour==red', 'filters'],
      ['?period=custom&date_from=2026-11-01', 'date_to'],
      ['?period=custom&date_from=2026-11-10&date_to=2026-11-01', 'date_to'],
      ['?period=custom&date_from=2020-01-01&date_to=2026-11-01', 'date_to'],
      ['?period=custom&date_from=2026-02-30&date_to=2026-03-01', 'date_from'],
      ['?period=7d&date_from=2026-11-01', 'date_from'],
      ['?period=12mo&interval=hour', 'interval'],
    ] as const) {
      const answer = await read(key, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.details[0].field, query).toBe(field);
    }
  });
});

describe('summed days', () => {
  it('answer exactly what the raw events do, with today read raw on top, and follow a time-zone change', async () => {
    const { key, orgId } = await seed();
    const queries = [
      '?period=7d&compare=previous_period',
      '?period=30d',
      '?period=12mo',
      '?period=custom&date_from=2026-11-20&date_to=2026-11-24',
    ];
    const before = await Promise.all(queries.map(async (query) => (await read(key, query)).body.data));
    const db = await getDb();
    expect(await rollUpDays(db, NOW)).toBeGreaterThan(0);
    const rows = await db.select().from(analyticsDaily).where(eq(analyticsDaily.organizationId, orgId));
    expect(rows.find((row) => row.dimension === 'all' && row.day === '2026-11-23')).toMatchObject({
      visitors: 2,
      pageviews: 4,
      visits: 3,
      bounces: 2,
      durationSeconds: 960,
    });
    // Today, still going on, is summed so far; later events are read raw on top.
    expect(rows.find((row) => row.dimension === 'all' && row.day === '2026-11-24')).toMatchObject({
      visitors: 1,
      pageviews: 1,
    });
    const after = await Promise.all(queries.map(async (query) => (await read(key, query)).body.data));
    expect(after).toEqual(before);
    const db2 = await getDb();
    await db2.insert(analyticsEvents).values({
      organizationId: orgId,
      occurredAt: new Date('2026-11-24T20:00:30Z'),
      name: 'pageview',
      path: '/blog',
      visitor: 'late',
      device: 'desktop',
      source: 'Bing',
    });
    const withLate = (await read(key, '?period=7d')).body.data;
    expect(withLate.totals).toMatchObject({ visitors: 4, pageviews: 6 });
    expect(withLate.breakdowns.sources).toContainEqual({ name: 'Bing', visitors: 1, pageviews: 1 });
    // Nothing left to sum; a time-zone change sums every day again in the new zone.
    expect(await rollUpDays(db, NOW)).toBe(0);
    await db.insert(analyticsSettings).values({ organizationId: orgId, timezone: 'Asia/Tokyo' });
    await rollUpDays(db, NOW);
    const tokyo = await db.select().from(analyticsDaily).where(eq(analyticsDaily.organizationId, orgId));
    // 10:00 to 12:10 UTC on the 23rd is evening in Tokyo, the same day; 09:00 UTC on the 24th is 18:00 there.
    expect(
      tokyo
        .filter((row) => row.dimension === 'all')
        .map((row) => row.day)
        .sort(),
    ).toEqual(['2026-11-14', '2026-11-23', '2026-11-24']);
    expect((await read(key, '?period=7d')).body.data.totals.visitors).toBe(4);
  });

  it('answers a new sum of today at once, though the summed days were read before it', async () => {
    const { key, orgId } = await seed();
    const db = await getDb();
    await rollUpDays(db, NOW);
    const summed = (await read(key, '?period=7d')).body.data.totals;
    await db.insert(analyticsEvents).values({
      organizationId: orgId,
      occurredAt: new Date('2026-11-24T20:10:00Z'),
      name: 'pageview',
      path: '/',
      visitor: 'evening',
      device: 'desktop',
    });
    vi.setSystemTime(new Date('2026-11-24T20:15:00Z'));
    const withTail = (await read(key, '?period=7d')).body.data.totals;
    expect(withTail).toMatchObject({ visitors: summed.visitors + 1, pageviews: summed.pageviews + 1 });
    // The evening's event moves from the raw tail into today's sum: counted once, not lost.
    await rollUpDays(db, new Date());
    vi.setSystemTime(new Date('2026-11-24T20:16:00Z'));
    expect((await read(key, '?period=7d')).body.data.totals).toEqual(withTail);
  });
});

describe('GET /api/analytics/jobs', () => {
  it('answers each job’s funnel, sources and views per day; jobs without activity are zeros', async () => {
    const { key, job, quiet } = await seed();
    const answer = await readJobs(key, `?period=7d&job_id=${job.id},${quiet.id}`);
    expect(answer.status).toBe(200);
    const [funnel, none] = answer.body.data;
    expect(funnel).toMatchObject({
      job_id: job.id,
      title: 'Analytics Role',
      views: 2,
      unique_visitors: 2,
      apply_clicks: 1,
      applications: 1,
      view_to_apply_rate: 50,
      apply_to_application_rate: 100,
      sources: [
        { name: 'Google', visitors: 1 },
        { name: 'LinkedIn', visitors: 1 },
      ],
    });
    expect(funnel.timeseries).toHaveLength(7);
    expect(funnel.timeseries[5]).toEqual({ date: '2026-11-23T00:00:00.000Z', views: 2 });
    expect(none).toMatchObject({
      job_id: quiet.id,
      title: 'Quiet Role',
      views: 0,
      view_to_apply_rate: 0,
      sources: [],
    });
    const top = await readJobs(key, '?period=30d');
    expect(top.body.data.map((row: { job_id: string }) => row.job_id)).toEqual([job.id]);
    expect(top.body.meta.pagination).toMatchObject({ total_items: 1, current_page: 1 });
    for (const query of ['?job_id=abc', `?job_id=${job.id},nope`, '?sort=title', '?period=custom']) {
      expect((await readJobs(key, query)).status, query).toBe(400);
    }
  });
});
