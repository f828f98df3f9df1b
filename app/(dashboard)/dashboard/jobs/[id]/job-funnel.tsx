import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { CopyableValue } from '@/components/ui/copyable-value';
import type { JobAnalyticsOut } from '@/lib/analytics/schemas';
import { bucketLabel, countOf, formatCount } from '../../overview/numbers';
import { Breakdown } from '../../overview/top-lists';
import { NumbersAsTable, TrendChart, TrendTable } from '../../overview/trend-chart';

/** Why a job's funnel may end before applications: only the board's own form reports them. */
const lastStepNotes: Record<string, string> = {
  'form-external':
    'This job sends applicants to the company’s site, so the board sees the apply clicks but not the applications made there.',
  email:
    'Applicants to this job write an email, so the board sees the apply clicks but not the applications sent.',
};

function Step({
  label,
  value,
  share,
  detail,
  testId,
}: {
  label: string;
  value: number;
  /** Of the views, for the bar. */
  share: number;
  detail: ReactNode;
  testId: string;
}) {
  return (
    <li className="relative grid content-start gap-1 rounded-md border border-border p-4">
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums tracking-tight" data-testid={testId}>
        {formatCount(value)}
      </span>
      <span aria-hidden className="mt-1 block h-1.5 rounded-full bg-muted">
        <span
          className="block h-full rounded-full bg-primary"
          style={{ width: `${Math.min(100, share * 100)}%` }}
        />
      </span>
      <span className="mt-1 text-xs text-zinc-700">{detail}</span>
    </li>
  );
}

/** A job's last 30 days on the board: views, apply clicks, applications, where they came from. */
export function JobFunnel({
  stats,
  timezone,
  locale,
  jobUrl,
  applyMethod,
}: {
  stats: JobAnalyticsOut;
  timezone: string;
  locale: string;
  /** The job's page on the board; null while it is not posted. */
  jobUrl: string | null;
  applyMethod: string | null;
}) {
  const share = (value: number) => (stats.views === 0 ? 0 : value / stats.views);
  const labels = stats.timeseries.map((point) => bucketLabel(point.date, 'day', { timezone, locale }));
  const longLabels = stats.timeseries.map((point) =>
    bucketLabel(point.date, 'day', { timezone, locale }, 'long'),
  );
  const views = {
    name: 'Views',
    values: stats.timeseries.map((point) => point.views),
    style: 'line' as const,
  };
  const note = applyMethod ? lastStepNotes[applyMethod] : undefined;
  return (
    <Card className="mb-8" id="funnel">
      <section aria-labelledby="funnel-heading" className="grid gap-5 p-6">
        <div>
          <h2 id="funnel-heading" className="font-semibold">
            Last 30 days on the board
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            From a view of the job’s page to an application. Days in {timezone} time.
          </p>
        </div>
        <ol
          className="grid gap-3 sm:grid-cols-[1fr_auto_1fr_auto_1fr] sm:items-stretch"
          data-testid="job-funnel"
        >
          <Step
            label="Views"
            value={stats.views}
            share={stats.views === 0 ? 0 : 1}
            detail={countOf(stats.unique_visitors, 'unique visitor')}
            testId="funnel-views"
          />
          <li aria-hidden className="hidden items-center text-muted-foreground sm:flex">
            <ArrowRight className="size-4" />
          </li>
          <Step
            label="Apply clicks"
            value={stats.apply_clicks}
            share={share(stats.apply_clicks)}
            detail={`${stats.view_to_apply_rate}% of views`}
            testId="funnel-apply-clicks"
          />
          <li aria-hidden className="hidden items-center text-muted-foreground sm:flex">
            <ArrowRight className="size-4" />
          </li>
          <Step
            label="Applications"
            value={stats.applications}
            share={share(stats.applications)}
            detail={`${stats.apply_to_application_rate}% of apply clicks`}
            testId="funnel-applications"
          />
        </ol>
        {note ? <p className="-mt-2 text-xs text-zinc-700">{note}</p> : null}
        {stats.views === 0 && jobUrl ? (
          <div className="grid gap-2 rounded-md bg-muted p-4 text-sm">
            <p>No one has viewed this job in the last 30 days. Share its link to bring visitors:</p>
            <CopyableValue
              value={jobUrl}
              testId="share-job-url"
              copyLabel="Copy the job’s link"
              className="max-w-lg"
            />
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
            <section aria-labelledby="job-views-heading" className="grid content-start gap-3">
              <h3 id="job-views-heading" className="text-sm font-semibold">
                Views per day
              </h3>
              <TrendChart
                series={[views]}
                labels={labels}
                mostLabels={5}
                plotClassName="h-28"
                testId="job-views-chart"
              />
              <NumbersAsTable>
                <TrendTable
                  caption="Views of the job’s page per day, last 30 days"
                  bucketHeader="Day"
                  labels={longLabels}
                  series={[views]}
                />
              </NumbersAsTable>
            </section>
            <section aria-labelledby="job-sources-heading" className="grid content-start gap-1">
              <h3 id="job-sources-heading" className="text-sm font-semibold">
                Top sources
              </h3>
              <Breakdown
                rows={stats.sources}
                nameHeader="Source"
                empty="No views in the last 30 days."
                testId="job-sources"
                flush
              />
            </section>
          </div>
        )}
      </section>
    </Card>
  );
}
