// Today summed as events come: each run reads only the new events (its answer counts them), and
// the day's rows are then those its events make, the same rows closing the day sums from scratch;
// meanwhile reads from the sums equal the raw events. Visits going on across runs, events that
// commit after a run though they happened before it, events stamped after a run's clock, an insert
// still running when a run starts, and local midnight in Los Angeles.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  analyticsDaily,
  analyticsEvents,
  analyticsOpenVisitors,
  analyticsRollups,
  analyticsSettings,
  analyticsSummedEvents,
} from '@/db/schema';
import { transaction } from '@/lib/core/transaction';
import { testDatabaseTarget } from '@/test/database';
import { createTenant } from '@/test/factories';
import { eventRows, insertEvents } from '@/test/fixtures/analytics-events';
import { sumOpenDays } from './open-days';
import type { Range } from './period';
import { type PeriodSums, rawPeriod } from './query';
import { rolledRead, rollUpDays } from './rollup';

const at = (instant: string) => new Date(instant);

/** The period as the dashboard reads it (sums, and raw events not summed yet) and from raw events only. */
async function readBothWays(orgId: number, day: string, timezone = 'UTC') {
  const db = await getDb();
  const range: Range = { from: day, to: day, interval: 'day', timezone };
  const byName = (period: PeriodSums): PeriodSums => ({
    ...period,
    breakdowns: Object.fromEntries(
      Object.entries(period.breakdowns).map(([name, rows]) => [
        name,
        [...rows].sort((a, b) => a.name.localeCompare(b.name)),
      ]),
    ) as PeriodSums['breakdowns'],
  });
  const [read, raw] = await Promise.all([rolledRead(db, orgId)(range), rawPeriod(db, orgId, range)]);
  return { read: byName(read), raw: byName(raw) };
}

async function expectReadsRaw(orgId: number, day: string, timezone = 'UTC') {
  const { read, raw } = await readBothWays(orgId, day, timezone);
  expect(read).toEqual(raw);
  expect(read.totals.pageviews + read.totals.job_views + read.totals.apply_clicks).toBeGreaterThan(0);
}

/** Every row summed for the day, in a fixed order. */
async function rowsOf(orgId: number, day: string) {
  const db = await getDb();
  return db
    .select()
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.organizationId, orgId), eq(analyticsDaily.day, day)))
    .orderBy(asc(analyticsDaily.dimension), asc(analyticsDaily.value));
}

/** What a run could write: the rows, the visitors' state, the rollup state, how far ids are summed. */
async function everythingSummed(orgId: number) {
  const db = await getDb();
  return {
    rows: await db.select().from(analyticsDaily).where(eq(analyticsDaily.organizationId, orgId)),
    visitors: await db
      .select()
      .from(analyticsOpenVisitors)
      .where(eq(analyticsOpenVisitors.organizationId, orgId)),
    state: await db.select().from(analyticsRollups).where(eq(analyticsRollups.organizationId, orgId)),
    through: await db.select().from(analyticsSummedEvents),
  };
}

const stateOf = async (orgId: number) => (await everythingSummed(orgId)).state[0];

/** An event inserted by a transaction that stays open until `release()`; `slow` ends with it. */
async function insertHeldOpen(orgId: number, at: string) {
  const db = await getDb();
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted!: () => void;
  const insertedFirst = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const slow = transaction(db, async (tx) => {
    await tx.insert(analyticsEvents).values(eventRows(orgId, [{ at, visitor: 'slow' }]));
    inserted();
    await held;
  });
  await insertedFirst;
  return { release, slow };
}

describe('sumOpenDays', () => {
  it('sums only the new events, round after round, into the rows summing the day from scratch makes', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    await insertEvents(orgId, [
      { at: '2026-11-24T09:00:00Z', visitor: 'v1', source: 'Google', country: 'GB' },
      { at: '2026-11-24T09:00:00Z', visitor: 'v2', source: 'LinkedIn', country: 'DE', device: 'mobile' },
      { at: '2026-11-24T09:10:00Z', visitor: 'v2', path: '/jobs', source: null, country: 'DE' },
      { at: '2026-11-24T10:00:00Z', visitor: 'v3', name: 'job_view', path: '/jobs/a', country: 'US' },
      { at: '2026-11-24T11:00:00Z', visitor: 'v4', source: null, country: 'SE', browser: 'Firefox' },
    ]);
    await rollUpDays(db, at('2026-11-24T12:00:00Z'));
    expect(await stateOf(orgId)).toMatchObject({
      rolledThrough: '2026-11-23',
      partialUntil: at('2026-11-24T12:00:00Z'),
    });
    await expectReadsRaw(orgId, '2026-11-24');

    const rounds: [string, Parameters<typeof insertEvents>[1]][] = [
      [
        '2026-11-24T12:30:00Z',
        [
          // v1's bounce goes on: no bounce any more, and 20 minutes (rounded from 20:00.6) long.
          { at: '2026-11-24T09:20:00.600Z', visitor: 'v1', path: '/jobs', country: 'GB' },
          // After over 30 minutes, v2 is back on a second visit, its source none: Direct.
          { at: '2026-11-24T11:00:00Z', visitor: 'v2', source: null, country: 'DE', device: 'mobile' },
          { at: '2026-11-24T12:10:00Z', visitor: 'v5', country: 'FR' },
          // Written after the last run though it happened before v4's visit, within 30 minutes: it is
          // the visit's first event now, so the visit comes from Bing and from Norway, not Sweden.
          { at: '2026-11-24T10:50:00Z', visitor: 'v4', source: 'Bing', country: 'NO', browser: 'Firefox' },
        ],
      ],
      [
        '2026-11-24T13:00:00Z',
        [
          // 40 minutes after v1's last event: a visit of its own.
          { at: '2026-11-24T10:00:00Z', visitor: 'v1', path: '/about', country: 'GB' },
          { at: '2026-11-24T10:05:00Z', visitor: 'v3', name: 'apply_click', path: '/jobs/a', country: 'US' },
          { at: '2026-11-24T12:40:00Z', visitor: 'v6', name: 'application', path: '/jobs/a/apply' },
        ],
      ],
      // Between v1's two visits, within 30 minutes of both: they are one visit.
      ['2026-11-24T13:30:00Z', [{ at: '2026-11-24T09:45:00Z', visitor: 'v1', path: '/jobs', country: 'GB' }]],
    ];
    for (const [clock, events] of rounds) {
      await insertEvents(orgId, events);
      expect(await sumOpenDays(db, at(clock)), clock).toBe(events.length);
      await expectReadsRaw(orgId, '2026-11-24');
    }
    const { read } = await readBothWays(orgId, '2026-11-24');
    expect(read.totals).toMatchObject({
      visitors: 6,
      visits: 7,
      bounces: 4,
      duration: 3600 + 600 + 300 + 600,
    });
    expect(read.breakdowns.countries.map(({ name }) => name)).toEqual(['DE', 'FR', 'GB', 'NO', 'US']);

    // Closing the day sums it again from its events: the very rows summed as they came.
    const summed = await rowsOf(orgId, '2026-11-24');
    await rollUpDays(db, at('2026-11-25T00:06:00Z'));
    expect(await stateOf(orgId)).toMatchObject({ rolledThrough: '2026-11-24' });
    expect(await rowsOf(orgId, '2026-11-24')).toEqual(summed);
    // Nothing is open (no event today): a period before the closed day reads none of its rows.
    expect(await stateOf(orgId)).toMatchObject({ partialUntil: null });
    const dayBefore = await readBothWays(orgId, '2026-11-23');
    expect(dayBefore.read).toEqual(dayBefore.raw);
  });

  it('reads only the events new since the last run, and writes nothing when there are none', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    await rollUpDays(db, at('2026-11-24T08:00:00Z'));
    const day = Array.from({ length: 300 }, (_, index) => ({
      at: new Date(Date.parse('2026-11-24T08:00:00Z') + index * 97_000).toISOString(),
      visitor: `v${index % 60}`,
      path: `/jobs/${index % 7}`,
    }));
    await insertEvents(orgId, day);
    // The day's first sum takes its events so far; the next ones only what came since. (A run sums
    // every organization: the others of this file have nothing new by now.)
    expect(await sumOpenDays(db, at('2026-11-24T17:00:00Z'))).toBe(300);
    await insertEvents(orgId, [
      { at: '2026-11-24T17:01:00Z', visitor: 'v1' },
      { at: '2026-11-24T17:02:00Z', visitor: 'v1', path: '/jobs/1' },
      { at: '2026-11-24T17:03:00Z', visitor: 'new' },
    ]);
    expect(await sumOpenDays(db, at('2026-11-24T17:05:00Z'))).toBe(3);
    await expectReadsRaw(orgId, '2026-11-24');

    const before = await everythingSummed(orgId);
    expect(await sumOpenDays(db, at('2026-11-24T17:10:00Z'))).toBe(0);
    expect(await everythingSummed(orgId)).toEqual(before);
  });

  it('sums an event that commits after a run though it happened before the run', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    await insertEvents(orgId, [{ at: '2026-11-24T19:40:00Z', visitor: 'v1' }]);
    await rollUpDays(db, at('2026-11-24T20:00:00Z'));
    // Held in a writer's buffer across the run: stamped 19:50, written at 20:01.
    await insertEvents(orgId, [
      { at: '2026-11-24T19:50:00Z', visitor: 'v1', path: '/jobs' },
      { at: '2026-11-24T19:50:00Z', visitor: 'v2' },
    ]);
    // Until the next run it is read raw on top of the sums (v1's visit counted on both sides).
    const { read } = await readBothWays(orgId, '2026-11-24');
    expect(read.totals).toMatchObject({ pageviews: 3, visitors: 3 });
    expect(await sumOpenDays(db, at('2026-11-24T20:05:00Z'))).toBe(2);
    await expectReadsRaw(orgId, '2026-11-24');
    expect((await readBothWays(orgId, '2026-11-24')).read.totals).toMatchObject({
      pageviews: 3,
      visitors: 2,
      visits: 2,
      bounces: 1,
    });
  });

  it('leaves an event stamped after the run’s clock to the first run whose clock has passed it', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    await insertEvents(orgId, [{ at: '2026-11-24T19:40:00Z', visitor: 'v1' }]);
    await rollUpDays(db, at('2026-11-24T20:00:00Z'));
    await insertEvents(orgId, [{ at: '2026-11-24T20:07:00Z', visitor: 'v2' }]);
    expect(await sumOpenDays(db, at('2026-11-24T20:05:00Z'))).toBe(0);
    expect((await readBothWays(orgId, '2026-11-24')).read.totals.pageviews).toBe(2);
    expect(await sumOpenDays(db, at('2026-11-24T20:10:00Z'))).toBe(1);
    expect(await stateOf(orgId)).toMatchObject({ partialUntil: at('2026-11-24T20:10:00Z') });
    await expectReadsRaw(orgId, '2026-11-24');
  });

  // PGlite runs one transaction at a time; the server database lets an insert stay open across a run.
  it.skipIf(!testDatabaseTarget())(
    'waits for an insert still running, so that the ids after it do not leave it behind',
    async () => {
      const db = await getDb();
      const { organization } = await createTenant();
      const orgId = organization.id;
      await insertEvents(orgId, [{ at: '2026-11-24T19:40:00Z', visitor: 'v1' }]);
      await rollUpDays(db, at('2026-11-24T20:00:00Z'));
      const { release, slow } = await insertHeldOpen(orgId, '2026-11-24T20:01:00Z');
      // A later id, committed first.
      await insertEvents(orgId, [{ at: '2026-11-24T20:02:00Z', visitor: 'quick' }]);
      const run = sumOpenDays(db, at('2026-11-24T20:05:00Z'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await slow;
      expect(await run).toBe(2);
      await expectReadsRaw(orgId, '2026-11-24');
      expect((await readBothWays(orgId, '2026-11-24')).read.totals.visitors).toBe(3);
    },
  );

  it.skipIf(!testDatabaseTarget())(
    'sums nothing while an insert stays open, and all of it after',
    async () => {
      const db = await getDb();
      const { organization } = await createTenant();
      const orgId = organization.id;
      await insertEvents(orgId, [{ at: '2026-11-24T19:40:00Z', visitor: 'v1' }]);
      await rollUpDays(db, at('2026-11-24T20:00:00Z'));
      const before = await everythingSummed(orgId);
      const { release, slow } = await insertHeldOpen(orgId, '2026-11-24T20:01:00Z');
      await insertEvents(orgId, [{ at: '2026-11-24T20:02:00Z', visitor: 'quick' }]);
      expect(await sumOpenDays(db, at('2026-11-24T20:05:00Z'))).toBeNull();
      expect(await everythingSummed(orgId)).toEqual(before);
      expect((await readBothWays(orgId, '2026-11-24')).read.totals.visitors).toBe(2);
      release();
      await slow;
      expect(await sumOpenDays(db, at('2026-11-24T20:06:00Z'))).toBe(2);
      await expectReadsRaw(orgId, '2026-11-24');
    },
  );

  it('puts the events around midnight in Los Angeles on their local days, and closes the day there', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const orgId = organization.id;
    await db.insert(analyticsSettings).values({ organizationId: orgId, timezone: 'America/Los_Angeles' });
    const la = 'America/Los_Angeles';
    // 18:00 UTC on the 24th is 10:00 in Los Angeles.
    await insertEvents(orgId, [{ at: '2026-11-24T18:00:00Z', visitor: 'v1' }]);
    await rollUpDays(db, at('2026-11-24T20:00:00Z'));
    expect(await stateOf(orgId)).toMatchObject({ timezone: la, rolledThrough: '2026-11-23' });

    // 07:50 and 07:58 UTC on the 25th are still the 24th there: 23:50 and 23:58.
    await insertEvents(orgId, [
      { at: '2026-11-25T07:50:00Z', visitor: 'v2', source: 'Google' },
      { at: '2026-11-25T07:58:00Z', visitor: 'v3' },
    ]);
    expect(await sumOpenDays(db, at('2026-11-25T07:59:00Z'))).toBe(2);
    // v3 goes on past midnight, and v4 comes: the 25th, with the 24th still open in its grace.
    await insertEvents(orgId, [
      { at: '2026-11-25T08:01:00Z', visitor: 'v3', path: '/jobs' },
      { at: '2026-11-25T08:02:00Z', visitor: 'v4' },
    ]);
    await rollUpDays(db, at('2026-11-25T08:03:00Z'));
    expect(await stateOf(orgId)).toMatchObject({
      rolledThrough: '2026-11-23',
      partialUntil: at('2026-11-25T08:03:00Z'),
    });
    const pageviews = async (day: string) =>
      (await rowsOf(orgId, day)).find((row) => row.dimension === 'all')?.pageviews;
    expect(await pageviews('2026-11-24')).toBe(3);
    expect(await pageviews('2026-11-25')).toBe(2);
    await expectReadsRaw(orgId, '2026-11-24', la);
    await expectReadsRaw(orgId, '2026-11-25', la);

    // Past the grace the 24th closes, summed from its events: the rows it had; the 25th goes on.
    const open24 = await rowsOf(orgId, '2026-11-24');
    await insertEvents(orgId, [{ at: '2026-11-25T08:05:00Z', visitor: 'v4', path: '/jobs' }]);
    await rollUpDays(db, at('2026-11-25T08:06:00Z'));
    expect(await stateOf(orgId)).toMatchObject({
      rolledThrough: '2026-11-24',
      partialUntil: at('2026-11-25T08:06:00Z'),
    });
    expect(await rowsOf(orgId, '2026-11-24')).toEqual(open24);
    expect(await pageviews('2026-11-25')).toBe(3);
    const openVisitors = await db
      .select({ day: analyticsOpenVisitors.day })
      .from(analyticsOpenVisitors)
      .where(eq(analyticsOpenVisitors.organizationId, orgId));
    expect(new Set(openVisitors.map(({ day }) => day))).toEqual(new Set(['2026-11-25']));
    await expectReadsRaw(orgId, '2026-11-24', la);
    await expectReadsRaw(orgId, '2026-11-25', la);
  });
});
