// The worker's summed days, as states of analytics_rollups: nothing to sum, closed days summed
// once, today summed so far and again only when it has new events, the day closed after its grace,
// every day summed again after a time-zone change, and a long history summed a month at a time.
// After each step the numbers read from the sums are those of the raw events.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { analyticsDaily, analyticsRollups, analyticsSettings } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { insertEvents } from '@/test/fixtures/analytics-events';
import { rawPeriod, toMetrics } from './query';
import { rollUpDays } from './rollup';
import { siteAnalytics } from './site';

// Tuesday 24 November 2026, 20:00 UTC.
const NOW = new Date('2026-11-24T20:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function stateOf(orgId: number) {
  const db = await getDb();
  const [state] = await db.select().from(analyticsRollups).where(eq(analyticsRollups.organizationId, orgId));
  return state;
}

/** The `all` row of each summed day: its page views. */
async function summedPageviews(orgId: number): Promise<Record<string, number>> {
  const db = await getDb();
  const rows = await db
    .select({ day: analyticsDaily.day, pageviews: analyticsDaily.pageviews })
    .from(analyticsDaily)
    .where(eq(analyticsDaily.organizationId, orgId));
  return Object.fromEntries(rows.flatMap((row) => (row.day ? [[row.day, row.pageviews]] : [])));
}

/** What the dashboard reads for these days, from the sums where they are. */
async function readTotals(orgId: number, from: string, to: string) {
  const answer = await siteAnalytics(await getDb(), orgId, {
    period: 'custom',
    date_from: from,
    date_to: to,
  });
  return answer.totals;
}

/** The same days counted from raw events only. */
async function rawTotals(orgId: number, from: string, to: string, timezone = 'UTC') {
  const period = await rawPeriod(await getDb(), orgId, { from, to, interval: 'day', timezone });
  return toMetrics(period.totals);
}

describe('rollUpDays', () => {
  it('marks an organization without events summed through yesterday, writing no day', async () => {
    const { organization } = await createTenant();
    await rollUpDays(await getDb(), NOW);
    expect(await stateOf(organization.id)).toMatchObject({
      timezone: 'UTC',
      rolledThrough: '2026-11-23',
      partialUntil: null,
    });
    expect(await summedPageviews(organization.id)).toEqual({});
  });

  it('sums closed days once, today so far, then today again only when it has new events', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    await insertEvents(orgId, [
      { at: '2026-11-20T10:00:00Z', visitor: 'v1' },
      { at: '2026-11-23T10:00:00Z', visitor: 'v2' },
      { at: '2026-11-23T10:05:00Z', visitor: 'v2', path: '/jobs' },
      { at: '2026-11-24T09:00:00Z', visitor: 'v3' },
    ]);
    await rollUpDays(db, NOW);
    const first = await stateOf(orgId);
    expect(first).toMatchObject({ rolledThrough: '2026-11-23', partialUntil: NOW });
    expect(await summedPageviews(orgId)).toEqual({ '2026-11-20': 1, '2026-11-23': 2, '2026-11-24': 1 });
    expect(await readTotals(orgId, '2026-11-18', '2026-11-24')).toEqual(
      await rawTotals(orgId, '2026-11-18', '2026-11-24'),
    );

    // Nothing new: the state stays as it was.
    await rollUpDays(db, new Date('2026-11-24T20:10:00Z'));
    expect(await stateOf(orgId)).toEqual(first);

    // An event after the last sum is read raw on top of it, then summed on the next run.
    await insertEvents(orgId, [{ at: '2026-11-24T20:20:00Z', visitor: 'v4' }]);
    vi.setSystemTime(new Date('2026-11-24T20:30:00Z'));
    expect((await readTotals(orgId, '2026-11-24', '2026-11-24')).pageviews).toBe(2);
    await rollUpDays(db, new Date('2026-11-24T20:30:00Z'));
    expect(await stateOf(orgId)).toMatchObject({
      rolledThrough: '2026-11-23',
      partialUntil: new Date('2026-11-24T20:30:00Z'),
    });
    expect((await summedPageviews(orgId))['2026-11-24']).toBe(2);
    expect(await readTotals(orgId, '2026-11-24', '2026-11-24')).toEqual(
      await rawTotals(orgId, '2026-11-24', '2026-11-24'),
    );
  });

  it('closes a day five minutes after its midnight, and counts the new day’s first minutes', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    await insertEvents(orgId, [{ at: '2026-11-24T09:00:00Z', visitor: 'v1' }]);
    await rollUpDays(db, NOW);
    await insertEvents(orgId, [
      { at: '2026-11-24T23:59:00Z', visitor: 'v2' },
      { at: '2026-11-25T00:01:00Z', visitor: 'v3' },
    ]);

    // Within the grace the 24th is still open: summed again so far.
    const inGrace = new Date('2026-11-25T00:03:00Z');
    vi.setSystemTime(inGrace);
    await rollUpDays(db, inGrace);
    expect(await stateOf(orgId)).toMatchObject({ rolledThrough: '2026-11-23', partialUntil: inGrace });
    expect((await summedPageviews(orgId))['2026-11-24']).toBe(2);

    // After it the 24th is closed, and the 25th is what is open.
    const after = new Date('2026-11-25T00:06:00Z');
    vi.setSystemTime(after);
    await rollUpDays(db, after);
    expect(await stateOf(orgId)).toMatchObject({ rolledThrough: '2026-11-24', partialUntil: after });
    expect(await summedPageviews(orgId)).toEqual({ '2026-11-24': 2, '2026-11-25': 1 });
    expect(await readTotals(orgId, '2026-11-24', '2026-11-25')).toEqual(
      await rawTotals(orgId, '2026-11-24', '2026-11-25'),
    );
    expect((await readTotals(orgId, '2026-11-25', '2026-11-25')).pageviews).toBe(1);
  });

  it('sums every day again after a time-zone change, and reads raw events until then', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    // 20:30 UTC on the 23rd is already the 24th in Tokyo.
    await insertEvents(orgId, [
      { at: '2026-11-23T10:00:00Z', visitor: 'v1' },
      { at: '2026-11-23T20:30:00Z', visitor: 'v2' },
    ]);
    await rollUpDays(db, NOW);
    expect(await summedPageviews(orgId)).toEqual({ '2026-11-23': 2 });

    await db.insert(analyticsSettings).values({ organizationId: orgId, timezone: 'Asia/Tokyo' });
    // The sums are in the old zone: the read ignores them.
    expect(await readTotals(orgId, '2026-11-24', '2026-11-24')).toEqual(
      await rawTotals(orgId, '2026-11-24', '2026-11-24', 'Asia/Tokyo'),
    );
    await rollUpDays(db, NOW);
    // 20:00 UTC on the 24th is 05:00 on the 25th in Tokyo: the 24th is closed there.
    expect(await stateOf(orgId)).toMatchObject({ timezone: 'Asia/Tokyo', rolledThrough: '2026-11-24' });
    expect(await summedPageviews(orgId)).toEqual({ '2026-11-23': 1, '2026-11-24': 1 });
    expect(await readTotals(orgId, '2026-11-23', '2026-11-24')).toEqual(
      await rawTotals(orgId, '2026-11-23', '2026-11-24', 'Asia/Tokyo'),
    );
  });

  it('sums a long history 31 days at a time, and stops between them when its time is up', async () => {
    const db = await getDb();
    // Every other organization is summed through today first, so that only this one has days to sum.
    await rollUpDays(db, NOW);
    const { organization } = await createTenant();
    const orgId = organization.id;
    await insertEvents(orgId, [
      { at: '2026-09-01T10:00:00Z', visitor: 'v1' },
      { at: '2026-10-15T10:00:00Z', visitor: 'v2' },
      { at: '2026-11-20T10:00:00Z', visitor: 'v3' },
    ]);
    expect(await rollUpDays(db, NOW, 0)).toBe(31);
    expect(await stateOf(orgId)).toMatchObject({ rolledThrough: '2026-10-01', partialUntil: null });
    expect(await summedPageviews(orgId)).toEqual({ '2026-09-01': 1 });
    // Meanwhile the unsummed days are read raw.
    expect((await readTotals(orgId, '2026-09-01', '2026-11-24')).pageviews).toBe(3);

    expect(await rollUpDays(db, NOW)).toBe(53);
    expect(await stateOf(orgId)).toMatchObject({ rolledThrough: '2026-11-23' });
    expect(await summedPageviews(orgId)).toEqual({ '2026-09-01': 1, '2026-10-15': 1, '2026-11-20': 1 });
  });
});
