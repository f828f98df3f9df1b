import type { AnalyticsOut, JobAnalyticsOut } from '@/lib/analytics/schemas';
import { GetStarted } from './get-started';
import { ChangeBadge, MetricCard } from './metric-card';
import {
  bucketLabel,
  changeOf,
  durationWords,
  formatCount,
  formatDuration,
  type OverviewPeriod,
  startedBuckets,
} from './numbers';
import { PeriodNav } from './period-nav';
import { Breakdown, Panel, TopJobs } from './top-lists';
import { NumbersAsTable, TrendChart, TrendTable } from './trend-chart';

// As many cards a row as fit at 11rem each: fewer when the text is larger (200% text), not by screen
// width alone, so a label never runs out of its card.
const metricGrid = 'grid grid-cols-[repeat(auto-fit,minmax(min(100%,11rem),1fr))] gap-4';

const intervalWords = { hour: 'Per hour', day: 'Per day', month: 'Per month' } as const;
const bucketHeaders = { hour: 'Hour', day: 'Day', month: 'Month' } as const;

/** Visible text, and what a screen reader says in its place. */
function Said({ shown, spoken }: { shown: string; spoken: string }) {
  return (
    <>
      <span aria-hidden>{shown}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

/** The board's traffic over the period: headline numbers, their course, the top jobs, sources and pages. */
export function Traffic({
  period,
  site,
  topJobs,
  timezone,
  locale,
  boardUrl,
  liveJobs,
  now,
}: {
  period: OverviewPeriod;
  site: AnalyticsOut;
  topJobs: JobAnalyticsOut[];
  timezone: string;
  locale: string;
  boardUrl: string;
  liveJobs: number;
  now: Date;
}) {
  const { totals } = site;
  const before = site.comparison;
  const toolbar = (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-700">
        Showing <strong className="font-medium text-foreground">{period.span}</strong>, compared with{' '}
        {period.previous}.
      </p>
      <PeriodNav current={period} />
    </div>
  );
  if (totals.visitors === 0 && !before?.visitors) {
    return (
      <>
        {toolbar}
        <GetStarted span={period.span} boardUrl={boardUrl} liveJobs={liveJobs} />
      </>
    );
  }

  const series = startedBuckets(site.timeseries, now);
  const per = (metric: keyof AnalyticsOut['totals']) => series.map((point) => point[metric]);
  const labels = series.map((point) => bucketLabel(point.date, period.interval, { timezone, locale }));
  const longLabels = series.map((point) =>
    bucketLabel(point.date, period.interval, { timezone, locale }, 'long'),
  );
  // A rate or an average of no visits is no number to compare with.
  const visitsBefore = before?.visits ? before : null;
  const counts = [
    { key: 'visitors', label: 'Visitors' },
    { key: 'job_views', label: 'Job views' },
    { key: 'applications', label: 'Applications' },
  ] as const;
  const visitorLine = { name: 'Visitors', values: per('visitors'), style: 'line' as const };
  const pageviewArea = { name: 'Page views', values: per('pageviews'), style: 'area' as const };
  return (
    <>
      {toolbar}
      <dl className={metricGrid}>
        {counts.map(({ key, label }) => (
          <MetricCard
            key={key}
            label={label}
            value={formatCount(totals[key])}
            values={per(key)}
            testId={`metric-${key}`}
          >
            <ChangeBadge change={changeOf(totals[key], before?.[key] ?? 0)} previous={period.previous} />
          </MetricCard>
        ))}
      </dl>
      <dl className={`${metricGrid} mt-4`}>
        <MetricCard
          size="sm"
          label="Page views"
          value={formatCount(totals.pageviews)}
          values={per('pageviews')}
          testId="metric-pageviews"
        >
          <ChangeBadge
            change={changeOf(totals.pageviews, before?.pageviews ?? 0)}
            previous={period.previous}
          />
        </MetricCard>
        <MetricCard
          size="sm"
          label="Bounce rate"
          value={
            totals.visits ? (
              `${totals.bounce_rate}%`
            ) : (
              <Said shown="—" spoken="none, as there were no visits" />
            )
          }
          values={per('bounce_rate')}
          testId="metric-bounce-rate"
        >
          <ChangeBadge
            change={changeOf(totals.bounce_rate, visitsBefore?.bounce_rate ?? null, 'points')}
            previous={period.previous}
            unit="points"
            better="lower"
          />
        </MetricCard>
        <MetricCard
          size="sm"
          label="Visit duration"
          value={
            <Said
              shown={formatDuration(totals.visit_duration)}
              spoken={durationWords(totals.visit_duration)}
            />
          }
          values={per('visit_duration')}
          testId="metric-visit-duration"
        >
          <ChangeBadge
            change={changeOf(totals.visit_duration, visitsBefore?.visit_duration ?? null)}
            previous={period.previous}
          />
        </MetricCard>
      </dl>

      <Panel
        id="trend-heading"
        title="Visitors and page views"
        description={`${intervalWords[period.interval]}, ${timezone} time.`}
        className="mt-4"
      >
        <div className="grid gap-4 px-5 pb-5">
          <TrendChart
            series={[visitorLine, pageviewArea]}
            labels={labels}
            mostLabels={period.interval === 'month' ? 12 : 7}
            testId="trend-chart"
          />
          <NumbersAsTable>
            <TrendTable
              caption={`Visitors and page views, ${period.span}`}
              bucketHeader={bucketHeaders[period.interval]}
              labels={longLabels}
              series={[visitorLine, pageviewArea]}
              testId="trend-table"
            />
          </NumbersAsTable>
        </div>
      </Panel>

      <Panel
        id="top-jobs-heading"
        title="Top jobs"
        description={`Most viewed in ${period.span}.`}
        className="mt-4"
      >
        <TopJobs jobs={topJobs} empty={`No job page was viewed in ${period.span}.`} />
      </Panel>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Panel
          id="top-sources-heading"
          title="Top sources"
          description="Where visits began. Direct: a typed address, a bookmark or an app."
        >
          <Breakdown
            rows={site.breakdowns.sources}
            nameHeader="Source"
            empty={`No visits in ${period.span}.`}
            testId="top-sources"
          />
        </Panel>
        <Panel id="top-pages-heading" title="Top pages" description="The board’s pages most visitors saw.">
          <Breakdown
            rows={site.breakdowns.pages}
            nameHeader="Page"
            empty={`No page views in ${period.span}.`}
            testId="top-pages"
          />
        </Panel>
      </div>
    </>
  );
}
