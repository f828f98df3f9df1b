// Landing pages that rank (a category, a place, a company, remote): the home page's listing with one filter
// fixed by the path, each with its own title, description and canonical URL.
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { JobListing } from '@/components/board/job-listing';
import { JsonLd } from '@/components/board/json-ld';
import { boardCategories, boardJobs } from '@/lib/board/queries';
import {
  type BoardSearch,
  listingCanonicalPath,
  parseBoardSearch,
  searchQueryString,
} from '@/lib/board/search-params';
import { breadcrumbJsonLd, type Crumb } from '@/lib/board/structured-data';
import type { ListJobsQuery } from '@/lib/jobs/schemas';
import { type Board, boardMetadata } from './board';
import { saveControls } from './save-controls';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A landing page's metadata: canonical to its own path with the search it keeps (its page number). */
export async function landingMetadata(
  board: Board,
  searchParams: SearchParams,
  page: Parameters<typeof boardMetadata>[1],
): Promise<Metadata> {
  const path = listingCanonicalPath(page.path, parseBoardSearch(await searchParams).values);
  return boardMetadata(board, { ...page, path });
}

export async function LandingListing(props: {
  board: Board;
  searchParams: SearchParams;
  path: string;
  heading: string;
  /** A sentence, or a block of its own (a company's logo and introduction). */
  intro: ReactNode;
  /** Crumbs between the board's home and this page. */
  trail?: Crumb[];
  /** Markup about the page's subject, beside its BreadcrumbList. */
  structuredData?: object[];
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
  const saveControl = await saveControls(
    board,
    result.jobs,
    `${props.path}${searchQueryString(search.values)}`,
  );
  const trail = breadcrumbJsonLd([
    { name: board.look.name, url: board.url('/') },
    ...(props.trail ?? []),
    { name: props.heading },
  ]);
  return (
    <>
      <JsonLd data={[trail, ...(props.structuredData ?? [])]} />
      <JobListing
        heading={props.heading}
        intro={typeof props.intro === 'string' ? <p>{props.intro}</p> : props.intro}
        action={board.href(props.path)}
        values={search.values}
        problems={search.problems}
        result={result}
        categories={categories}
        fixed={props.fixed}
        jobHref={(slug) => board.href(`/jobs/${slug}`)}
        saveControl={saveControl}
        locale={board.org.locale}
        alertsHref={board.href(
          `/alerts${searchQueryString({ ...search.values, posted_within: '', page: 1, ...props.alertSearch })}`,
        )}
      />
    </>
  );
}
