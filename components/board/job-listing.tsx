import { ChevronDown, Search, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BoardCategory, BoardJobList } from '@/lib/board/queries';
import { BOARD_PAGE_SIZE } from '@/lib/board/queries';
import { type BoardSearch, postedWithinLabels, searchQueryString } from '@/lib/board/search-params';
import { postedWithinValues } from '@/lib/jobs/schemas';
import { CategoryOptions } from './category-options';
import { JobCard } from './job-card';
import { JobTypeOptions } from './job-type-options';
import { Pager } from './pager';
import { SalaryMinInput } from './salary-min-input';
import { searchTextInputs } from './search-text-inputs';

interface JobListingProps {
  heading: ReactNode;
  intro?: ReactNode;
  /** Where the search form submits and pagination links point (this page). */
  action: string;
  values: BoardSearch;
  problems: string[];
  result: BoardJobList;
  categories: BoardCategory[];
  /** Landing pages fix one filter; its control is left out. */
  fixed?: 'category' | 'remote';
  /** The job alert form, filled in with this search. */
  alertsHref: string;
  jobHref: (slug: string) => string;
  emptyHint?: ReactNode;
  /** The organization's, for salaries. */
  locale: string;
  /** Each card's save control (a sign-in link for visitors, the member's toggle). */
  saveControl?: (job: BoardJobList['jobs'][number]) => ReactNode;
}

/** The search form, the results and pagination: the board's home and every landing page. */
export function JobListing(props: JobListingProps) {
  const { values, result, action } = props;
  const totalPages = Math.max(1, Math.ceil(result.total / BOARD_PAGE_SIZE));
  const filtered =
    values.q ||
    values.category ||
    values.job_type ||
    values.remote ||
    values.location ||
    values.posted_within ||
    values.salary_min;
  const pageHref = (page: number) => `${action}${searchQueryString({ ...values, page })}`;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance">{props.heading}</h1>
        {props.intro && <div className="text-zinc-700">{props.intro}</div>}
      </div>
      <search aria-label="Search jobs">
        {/* Folded on narrow screens unless a search is on (see .board-search in globals.css). */}
        <details
          className="board-search group rounded-lg border border-border bg-muted/50"
          open={Boolean(filtered) || props.problems.length > 0}
        >
          <summary className="board-search-toggle">
            <SlidersHorizontal aria-hidden className="size-4" /> Search and filters
            <ChevronDown aria-hidden className="ml-auto size-4 transition-transform group-open:rotate-180" />
          </summary>
          <form method="get" action={action} className="p-4 pt-0 sm:pt-4">
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto]">
              <div>
                <label htmlFor="q" className="mb-1 block text-sm font-medium">
                  Keywords
                </label>
                <input
                  id="q"
                  {...searchTextInputs.q}
                  type="search"
                  defaultValue={values.q}
                  className="board-input"
                />
              </div>
              <div>
                <label htmlFor="location" className="mb-1 block text-sm font-medium">
                  Location
                </label>
                <input
                  id="location"
                  {...searchTextInputs.location}
                  defaultValue={values.location}
                  className="board-input"
                />
              </div>
              <div className="flex items-end">
                <button type="submit" className="board-button w-full sm:w-auto">
                  <Search aria-hidden className="size-4" /> Search
                </button>
              </div>
            </div>
            <div className="mt-3 grid grid-cols-2 items-start gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {props.fixed !== 'category' && (
                <div>
                  <label htmlFor="category" className="mb-1 block text-sm font-medium">
                    Category
                  </label>
                  <select
                    id="category"
                    name="category"
                    defaultValue={values.category}
                    className="board-input"
                  >
                    <option value="">All categories</option>
                    <CategoryOptions categories={props.categories} counts />
                  </select>
                </div>
              )}
              <div>
                <label htmlFor="job_type" className="mb-1 block text-sm font-medium">
                  Job type
                </label>
                <select id="job_type" name="job_type" defaultValue={values.job_type} className="board-input">
                  <JobTypeOptions />
                </select>
              </div>
              <div>
                <label htmlFor="posted_within" className="mb-1 block text-sm font-medium">
                  Posted
                </label>
                <select
                  id="posted_within"
                  name="posted_within"
                  defaultValue={values.posted_within}
                  className="board-input"
                >
                  <option value="">Any time</option>
                  {postedWithinValues.map((value) => (
                    <option key={value} value={value}>
                      {postedWithinLabels[value]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-span-2 sm:col-span-1">
                <SalaryMinInput
                  id="salary_min"
                  defaultValue={values.salary_min}
                  currency={result.salaryCurrency}
                  labelClassName="mb-1 block text-sm font-medium"
                />
              </div>
              {props.fixed !== 'remote' && (
                <div className="flex items-end self-stretch sm:self-auto sm:pt-6">
                  <label className="flex h-10 items-center gap-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      name="remote"
                      value="1"
                      defaultChecked={values.remote}
                      className="size-4 accent-primary"
                    />
                    Remote only
                  </label>
                </div>
              )}
            </div>
          </form>
        </details>
      </search>
      {props.problems.length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <ul className="list-disc pl-5">
            {props.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <section aria-labelledby="results-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="results-heading" className="text-sm font-medium text-zinc-700" aria-live="polite">
            {result.total === 0
              ? 'No jobs found'
              : `${result.total.toLocaleString('en-US')} ${result.total === 1 ? 'job' : 'jobs'}${filtered ? ' match' : ''}`}
          </h2>
          <a href={props.alertsHref} className="text-sm font-medium text-primary underline">
            {filtered ? 'Email me new jobs like these' : 'Get new jobs by email'}
          </a>
        </div>
        {result.jobs.length > 0 ? (
          <ul className="space-y-3">
            {result.jobs.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                href={props.jobHref(job.slug)}
                locale={props.locale}
                save={props.saveControl?.(job)}
              />
            ))}
          </ul>
        ) : (
          <div className="rounded-lg border border-dashed border-zinc-300 p-8 text-center">
            {filtered ? (
              <>
                <p className="font-medium">No jobs match these filters.</p>
                <p className="mt-1 text-sm text-zinc-700">Try fewer keywords or a wider location.</p>
                <a href={action} className="board-button-outline mt-4">
                  Clear filters
                </a>
              </>
            ) : (
              (props.emptyHint ?? (
                <p className="font-medium">There are no open jobs right now. Check back soon.</p>
              ))
            )}
          </div>
        )}
        <Pager page={values.page} totalPages={totalPages} href={pageHref} />
      </section>
    </div>
  );
}
