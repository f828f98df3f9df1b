// GET /analytics: summed days (the rollups) for closed days when no filter applies, raw events for
// the rest (today, filters, hours), added up as sums so rates come out right.
import type { SQL } from 'drizzle-orm';
import type { Db } from '@/lib/core/transaction';
import { previousRange, type Range, resolveRange } from './period';
import { filterSql, type PeriodSums, rawPeriod, timezoneOf, toMetrics } from './query';
import { rolledRead } from './rollup';
import type { AnalyticsOut, AnalyticsQuery } from './schemas';

export async function siteAnalytics(
  db: Db,
  orgId: number,
  query: AnalyticsQuery,
  now = new Date(),
): Promise<AnalyticsOut> {
  const range = resolveRange(query, await timezoneOf(db, orgId), now);
  const filters =
    query.filters && Object.keys(query.filters).length > 0 ? filterSql(query.filters) : undefined;
  const read = filters || range.interval === 'hour' ? rawRead(db, orgId, filters) : rolledRead(db, orgId);
  const [current, comparison] = await Promise.all([
    read(range),
    query.compare ? read(previousRange(range)).then((answer) => answer.totals) : Promise.resolve(null),
  ]);
  return {
    totals: toMetrics(current.totals),
    comparison: comparison && toMetrics(comparison),
    timeseries: current.timeseries.map(({ date, sums }) => ({ date, ...toMetrics(sums) })),
    breakdowns: current.breakdowns,
  };
}

function rawRead(db: Db, orgId: number, filters: SQL | undefined) {
  return (range: Range): Promise<PeriodSums> => rawPeriod(db, orgId, range, { filters });
}
