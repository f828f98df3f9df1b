// Every query shape of GET /analytics and GET /analytics/jobs at the service: each period and
// interval, each filter, the comparison, the breakdowns, the organization's time zone, and the same
// answers from summed days as from raw events. Exact numbers from a known set of events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { analyticsSettings } from '@/db/schema';
import { createTenant, createTestJob } from '@/test/factories';
import { insertEvents } from '@/test/fixtures/analytics-events';
import { jobAnalytics } from './query';
import { rollUpDays } from './rollup';
import type { AnalyticsQuery } from './schemas';
import { siteAnalytics } from './site';

// Tuesday 24 November 2026, 20:00 UTC.
const NOW = new Date('2026-11-24T20:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/**
 * v1 visits twice on the 23rd (Google, then direct after a gap), views the analyst job and clicks
 * apply; v2 comes from LinkedIn on a phone today, views the keeper job twice and applies; v3 and v4
 * visited earlier this month, v5 in January.
 */
async function seed() {
  const { organization } = await createTenant();
  const orgId = organization.id;
  const analyst = await createTestJob(orgId, { title: 'Analyst' });
  const keeper = await createTestJob(orgId, { title: 'Keeper' });
  const quiet = await createTestJob(orgId, { title: 'Quiet' });
  const firefox = { device: 'desktop', browser: 'Firefox', os: 'Linux', country: 'GB' };
  const phone = { device: 'mobile', browser: 'Safari', os: 'iOS', country: 'DE' };
  const chrome = { device: 'desktop', browser: 'Chrome', os: 'macOS', country: 'US' };
  await insertEvents(orgId, [
    { at: '2026-11-23T10:00:00Z', visitor: 'v1', source: 'Google', ...firefox },
    { at: '2026-11-23T10:10:00Z', visitor: 'v1', path: '/jobs/analyst', jobId: analyst.id, ...firefox },
    {
      at: '2026-11-23T10:10:00Z',
      visitor: 'v1',
      name: 'job_view',
      path: '/jobs/analyst',
      jobId: analyst.id,
      ...firefox,
    },
    {
      at: '2026-11-23T10:12:00Z',
      visitor: 'v1',
      name: 'apply_click',
      path: '/jobs/analyst/apply',
      jobId: analyst.id,
      ...firefox,
    },
    { at: '2026-11-23T12:00:00Z', visitor: 'v1', ...firefox },
    { at: '2026-11-24T09:00:00Z', visitor: 'v2', source: 'LinkedIn', ...phone },
    {
      at: '2026-11-24T09:01:00Z',
      visitor: 'v2',
      name: 'job_view',
      path: '/jobs/keeper',
      jobId: keeper.id,
      ...phone,
    },
    {
      at: '2026-11-24T09:01:30Z',
      visitor: 'v2',
      name: 'job_view',
      path: '/jobs/keeper',
      jobId: keeper.id,
      ...phone,
    },
    {
      at: '2026-11-24T09:02:00Z',
      visitor: 'v2',
      name: 'application',
      path: '/jobs/keeper/apply',
      jobId: keeper.id,
      ...phone,
    },
    { at: '2026-11-05T08:00:00Z', visitor: 'v3', path: '/about', source: 'Direct', ...chrome },
    { at: '2026-11-14T08:00:00Z', visitor: 'v4', ...chrome },
    { at: '2026-01-15T08:00:00Z', visitor: 'v5', ...firefox },
  ]);
  // Another board's visitor, on the same day: never counted here.
  const other = await createTenant();
  await insertEvents(other.organization.id, [{ at: '2026-11-23T10:00:00Z', visitor: 'v1' }]);
  return { orgId, analyst, keeper, quiet };
}

const zeros = {
  visitors: 0,
  pageviews: 0,
  visits: 0,
  bounce_rate: 0,
  visit_duration: 0,
  job_views: 0,
  apply_clicks: 0,
  applications: 0,
};

describe('siteAnalytics', () => {
  it('counts the last 7 days exactly, with the 7 before them, a bucket a day and every breakdown', async () => {
    const { orgId } = await seed();
    const answer = await siteAnalytics(await getDb(), orgId, { period: '7d', compare: 'previous_period' });
    // Visits: v1's first (2 page views, 12 minutes), v1's second and v2's (one page view each).
    expect(answer.totals).toEqual({
      visitors: 2,
      pageviews: 4,
      visits: 3,
      bounce_rate: 67,
      visit_duration: 280,
      job_views: 3,
      apply_clicks: 1,
      applications: 1,
    });
    expect(answer.comparison).toEqual({ ...zeros, visitors: 1, pageviews: 1, visits: 1, bounce_rate: 100 });
    expect(answer.timeseries.map(({ date }) => date)).toEqual(
      ['18', '19', '20', '21', '22', '23', '24'].map((day) => `2026-11-${day}T00:00:00.000Z`),
    );
    expect(answer.timeseries[5]).toMatchObject({ visitors: 1, pageviews: 3, visits: 2 });
    expect(answer.timeseries[6]).toMatchObject({ visitors: 1, pageviews: 1, job_views: 2, applications: 1 });
    expect(answer.breakdowns.pages.slice(0, 2)).toEqual([
      { name: '/', visitors: 2, pageviews: 3 },
      { name: '/jobs/analyst', visitors: 1, pageviews: 1 },
    ]);
    expect(answer.breakdowns.pages.map(({ name }) => name).sort()).toEqual([
      '/',
      '/jobs/analyst',
      '/jobs/analyst/apply',
      '/jobs/keeper',
      '/jobs/keeper/apply',
    ]);
    expect(answer.breakdowns.sources).toEqual([
      { name: 'Google', visitors: 1, pageviews: 2 },
      { name: 'Direct', visitors: 1, pageviews: 1 },
      { name: 'LinkedIn', visitors: 1, pageviews: 1 },
    ]);
    expect(answer.breakdowns.countries).toEqual([
      { name: 'GB', visitors: 1, pageviews: 3 },
      { name: 'DE', visitors: 1, pageviews: 1 },
    ]);
    expect(answer.breakdowns.devices).toEqual([
      { name: 'desktop', visitors: 1, pageviews: 3 },
      { name: 'mobile', visitors: 1, pageviews: 1 },
    ]);
    expect(answer.breakdowns.browsers).toEqual([
      { name: 'Firefox', visitors: 1, pageviews: 3 },
      { name: 'Safari', visitors: 1, pageviews: 1 },
    ]);
  });

  it.each([
    ['day', { period: 'day' }, 24, { visitors: 1, pageviews: 1 }],
    ['30d', { period: '30d' }, 30, { visitors: 4, pageviews: 6 }],
    ['month', { period: 'month' }, 30, { visitors: 4, pageviews: 6 }],
    ['12mo', { period: '12mo' }, 12, { visitors: 5, pageviews: 7 }],
    ['custom', { period: 'custom', date_from: '2026-11-05', date_to: '2026-11-05' }, 1, { visitors: 1 }],
    ['month by month', { period: 'month', interval: 'month' }, 1, { visitors: 4, pageviews: 6 }],
    ['7d by the hour', { period: '7d', interval: 'hour' }, 7 * 24, { visitors: 2, pageviews: 4 }],
  ] satisfies [string, AnalyticsQuery, number, object][])(
    '%s: its totals, and its buckets add up to them',
    async (_name, query, buckets, totals) => {
      const { orgId } = await seed();
      const answer = await siteAnalytics(await getDb(), orgId, query);
      expect(answer.totals).toMatchObject(totals);
      expect(answer.timeseries).toHaveLength(buckets);
      expect(answer.comparison).toBeNull();
      const summed = answer.timeseries.reduce((sum, point) => sum + point.pageviews, 0);
      expect(summed).toBe(answer.totals.pageviews);
    },
  );

  it('puts today’s hours and the year’s months at their starts', async () => {
    const { orgId } = await seed();
    const db = await getDb();
    const day = await siteAnalytics(db, orgId, { period: 'day' });
    expect(day.timeseries[9]).toMatchObject({ date: '2026-11-24T09:00:00.000Z', visitors: 1, job_views: 2 });
    const year = await siteAnalytics(db, orgId, { period: '12mo' });
    expect(year.timeseries[0]!.date).toBe('2025-12-01T00:00:00.000Z');
    expect(year.timeseries[1]).toMatchObject({ date: '2026-01-01T00:00:00.000Z', visitors: 1, pageviews: 1 });
    expect(year.timeseries[11]).toMatchObject({ date: '2026-11-01T00:00:00.000Z', pageviews: 6 });
  });

  it.each([
    [
      'page (events on it)',
      { page: '/' },
      { visitors: 2, pageviews: 3, visits: 3, bounce_rate: 67, visit_duration: 280, job_views: 0 },
    ],
    [
      'source (whole visits)',
      { source: 'Google' },
      {
        visitors: 1,
        pageviews: 2,
        visits: 1,
        bounce_rate: 0,
        visit_duration: 720,
        job_views: 1,
        apply_clicks: 1,
      },
    ],
    ['country, any case', { country: 'de' }, { visitors: 1, pageviews: 1, job_views: 2, applications: 1 }],
    ['device, any case', { device: 'MOBILE' }, { visitors: 1, pageviews: 1, job_views: 2, applications: 1 }],
    ['page and device', { page: '/', device: 'desktop' }, { visitors: 1, pageviews: 2, visits: 2 }],
    ['an unknown value', { source: 'Bing' }, zeros],
  ] satisfies [string, AnalyticsQuery['filters'], object][])(
    'filters by %s',
    async (_name, filters, totals) => {
      const { orgId } = await seed();
      const answer = await siteAnalytics(await getDb(), orgId, { period: '7d', filters });
      expect(answer.totals).toMatchObject(totals);
    },
  );

  it('filters by job, its id in any case, and compares the filtered period too', async () => {
    const { orgId, analyst } = await seed();
    const answer = await siteAnalytics(await getDb(), orgId, {
      period: '7d',
      filters: { job: analyst.id.toUpperCase() },
      compare: 'previous_period',
    });
    expect(answer.totals).toMatchObject({ visitors: 1, pageviews: 1, job_views: 1, apply_clicks: 1 });
    expect(answer.comparison).toEqual(zeros);
    expect(answer.breakdowns.pages.map(({ name }) => name)).toEqual(['/jobs/analyst', '/jobs/analyst/apply']);
  });

  it('counts days in the organization’s time zone', async () => {
    const { orgId } = await seed();
    const db = await getDb();
    await db.insert(analyticsSettings).values({ organizationId: orgId, timezone: 'America/New_York' });
    // 09:00 UTC on the 24th is 04:00 in New York: the 24th, outside the 23rd.
    const answer = await siteAnalytics(db, orgId, {
      period: 'custom',
      date_from: '2026-11-23',
      date_to: '2026-11-23',
    });
    expect(answer.timeseries).toEqual([
      expect.objectContaining({ date: '2026-11-23T05:00:00.000Z', visitors: 1, pageviews: 3 }),
    ]);
    const today = await siteAnalytics(db, orgId, { period: 'day' });
    expect(today.timeseries[0]!.date).toBe('2026-11-24T05:00:00.000Z');
    expect(today.totals.visitors).toBe(1);
  });

  it('answers the same from summed days as from raw events', async () => {
    const { orgId } = await seed();
    const db = await getDb();
    const shapes: AnalyticsQuery[] = [
      { period: '7d', compare: 'previous_period' },
      { period: '30d' },
      { period: 'month', interval: 'month' },
      { period: '12mo' },
      { period: 'custom', date_from: '2026-11-05', date_to: '2026-11-24' },
    ];
    const raw = await Promise.all(shapes.map((query) => siteAnalytics(db, orgId, query)));
    await rollUpDays(db, NOW);
    for (const [index, query] of shapes.entries()) {
      expect(await siteAnalytics(db, orgId, query), JSON.stringify(query)).toEqual(raw[index]);
    }
  });
});

describe('jobAnalytics', () => {
  it('answers the jobs asked for, a row each, zeros for a job without activity', async () => {
    const { orgId, analyst, quiet } = await seed();
    const { jobs, total } = await jobAnalytics(await getDb(), orgId, {
      period: '7d',
      jobIds: [analyst.id, quiet.id.toUpperCase(), analyst.id],
    });
    expect(total).toBe(2);
    expect(jobs.map((job) => job.job_id).sort()).toEqual([analyst.id, quiet.id].sort());
    const [row] = jobs.filter((job) => job.job_id === analyst.id);
    expect(row).toMatchObject({
      title: 'Analyst',
      views: 1,
      unique_visitors: 1,
      apply_clicks: 1,
      applications: 0,
      view_to_apply_rate: 100,
      apply_to_application_rate: 0,
      sources: [{ name: 'Google', visitors: 1 }],
    });
    expect(row!.timeseries).toHaveLength(7);
    expect(row!.timeseries[5]).toEqual({ date: '2026-11-23T00:00:00.000Z', views: 1 });
    expect(jobs.find((job) => job.job_id === quiet.id)).toMatchObject({
      title: 'Quiet',
      views: 0,
      sources: [],
      view_to_apply_rate: 0,
    });
  });

  it('without job ids, answers the jobs with activity, by views unless sorted otherwise, paged', async () => {
    const { orgId, analyst, keeper } = await seed();
    const db = await getDb();
    const ids = async (input: Parameters<typeof jobAnalytics>[2]) =>
      (await jobAnalytics(db, orgId, input)).jobs.map((job) => job.job_id);
    expect(await ids({ period: '7d' })).toEqual([keeper.id, analyst.id]);
    expect(await ids({ period: '7d', sort: 'apply_clicks' })).toEqual([analyst.id, keeper.id]);
    expect(await ids({ period: '7d', sort: 'applications' })).toEqual([keeper.id, analyst.id]);
    expect(await ids({ period: 'day' })).toEqual([keeper.id]);
    const second = await jobAnalytics(db, orgId, { period: '7d', perPage: 1, page: 2 });
    expect(second).toMatchObject({ total: 2, jobs: [{ job_id: analyst.id, views: 1 }] });
    const keeperRow = (await jobAnalytics(db, orgId, { period: '7d', jobIds: [keeper.id] })).jobs[0];
    expect(keeperRow).toMatchObject({ views: 2, unique_visitors: 1, applications: 1, view_to_apply_rate: 0 });
  });

  it('answers nothing for no job ids, and for another organization’s', async () => {
    const { orgId, analyst } = await seed();
    const db = await getDb();
    expect(await jobAnalytics(db, orgId, { period: '7d', jobIds: [] })).toEqual({ jobs: [], total: 0 });
    const other = await createTenant();
    const { jobs } = await jobAnalytics(db, other.organization.id, { period: '7d', jobIds: [analyst.id] });
    expect(jobs).toMatchObject([{ job_id: analyst.id, title: null, views: 0 }]);
  });
});
