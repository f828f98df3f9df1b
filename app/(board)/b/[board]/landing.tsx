// Landing pages that rank (a category, a place, remote): the home page's listing with one filter
// fixed by the path, each with its own title, description and canonical URL.
import { JobListing } from '@/components/board/job-listing';
import { boardCategories, boardJobs } from '@/lib/board/queries';
import { type BoardSearch, parseBoardSearch, searchQueryString } from '@/lib/board/search-params';
import type { ListJobsQuery } from '@/lib/jobs/schemas';
import type { Board } from './board';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function LandingListing(props: {
  board: Board;
  searchParams: SearchParams;
  path: string;
  heading: string;
  intro: string;
  fixedFilters: Partial<Omit<ListJobsQuery, 'status' | 'page' | 'per_page'>>;
  fixed?: 'category' | 'remote';
  /** What the page's filter is in the alert form's terms. */
  alertSearch: Partial<BoardSearch>;
}) {
  const { board } = props;
  const search = parseBoardSearch(await props.searchParams);
  const [result, categories] = await Promise.all([
    boardJobs(board.db, board.org, { ...search.filters, ...props.fixedFilters }, search.values.page),
    boardCategories(board.db, board.org),
  ]);
  return (
    <JobListing
      heading={props.heading}
      intro={<p>{props.intro}</p>}
      action={board.href(props.path)}
      values={search.values}
      problems={search.problems}
      result={result}
      categories={categories}
      fixed={props.fixed}
      jobHref={(slug) => board.href(`/jobs/${slug}`)}
      locale={board.org.locale}
      alertsHref={board.href(
        `/alerts${searchQueryString({ ...search.values, posted_within: '', page: 1, ...props.alertSearch })}`,
      )}
    />
  );
}
