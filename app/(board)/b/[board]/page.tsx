import type { Metadata } from 'next';
import { JobListing } from '@/components/board/job-listing';
import { boardCategories, boardJobs } from '@/lib/board/queries';
import { parseBoardSearch, searchQueryString } from '@/lib/board/search-params';
import { type BoardParams, boardMetadata, loadBoard } from './board';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  const { values } = parseBoardSearch(await searchParams);
  const searching = searchQueryString({ ...values, page: 1 }) !== '';
  return boardMetadata(board, {
    title: values.q ? `${values.q} jobs · ${board.look.name}` : `Jobs · ${board.look.name}`,
    description: board.look.tagline,
    path: values.page > 1 && !searching ? `/?page=${values.page}` : '/',
    // Filtered result pages are for visitors; the landing pages are what search engines should rank.
    noindex: searching,
  });
}

export default async function BoardHome({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: SearchParams;
}) {
  const board = await loadBoard((await params).board);
  const search = parseBoardSearch(await searchParams);
  const [result, categories] = await Promise.all([
    boardJobs(board.db, board.org, search.filters, search.values.page),
    boardCategories(board.db, board.org),
  ]);
  return (
    <JobListing
      heading={board.look.name}
      intro={<p>{board.look.tagline}</p>}
      action={board.href('/')}
      values={search.values}
      problems={search.problems}
      result={result}
      categories={categories}
      jobHref={(slug) => board.href(`/jobs/${slug}`)}
      locale={board.org.locale}
      alertsHref={board.href(`/alerts${searchQueryString({ ...search.values, posted_within: '', page: 1 })}`)}
      emptyHint={
        <>
          <p className="font-medium">No jobs are open yet.</p>
          <p className="mt-1 text-sm text-zinc-700">
            New jobs appear here as soon as they are published: from the dashboard (Jobs → New job) or with{' '}
            <code className="rounded bg-muted px-1">POST /api/jobs</code>.
          </p>
        </>
      }
    />
  );
}
