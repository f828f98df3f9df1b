import type { Metadata } from 'next';
import { AlertForm } from '@/components/board/alert-form';
import { JobListing } from '@/components/board/job-listing';
import { JsonLd } from '@/components/board/json-ld';
import { boardCategories, boardJobs } from '@/lib/board/queries';
import { listingCanonicalPath, parseBoardSearch, searchQueryString } from '@/lib/board/search-params';
import { boardHomeJsonLd } from '@/lib/board/structured-data';
import { createAlertAction } from './alerts/actions';
import { type BoardParams, boardMetadata, loadBoard } from './board';
import { saveControls } from './save-controls';

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
    path: listingCanonicalPath('/', values),
    // The board's own words, never the visitor's search: an image must not say what a link asks.
    card: { title: board.look.tagline },
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
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const search = parseBoardSearch(await searchParams);
  const [result, categories] = await Promise.all([
    boardJobs(board.db, board.org, search.filters, search.values.page),
    boardCategories(board.db, board.org),
  ]);
  const saveControl = await saveControls(board, result.jobs, `/${searchQueryString(search.values)}`);
  const identity = { name: board.look.name, url: board.url('/'), logoUrl: board.look.logoUrl };
  return (
    <>
      <JsonLd data={boardHomeJsonLd(identity)} />
      <JobListing
        heading={board.look.name}
        intro={<p>{board.look.tagline}</p>}
        action={board.href('/')}
        values={search.values}
        problems={search.problems}
        result={result}
        categories={categories}
        jobHref={(slug) => board.href(`/jobs/${slug}`)}
        saveControl={saveControl}
        locale={board.org.locale}
        alertsHref={board.href(
          `/alerts${searchQueryString({ ...search.values, posted_within: '', page: 1 })}`,
        )}
        emptyHint={
          <>
            <p className="font-medium">No jobs yet.</p>
            <p className="mt-1 text-sm text-zinc-700">
              Leave your email and we will let you know as soon as the first ones are posted.
            </p>
            <div className="mx-auto mt-6 max-w-xl text-left">
              <AlertForm
                action={createAlertAction.bind(null, slug)}
                categories={categories}
                salaryCurrency={result.salaryCurrency}
                initial={{
                  email: '',
                  q: '',
                  category: '',
                  job_type: '',
                  remote: false,
                  location: '',
                  salary_min: '',
                  frequency: 'instant',
                }}
              />
            </div>
          </>
        }
      />
    </>
  );
}
