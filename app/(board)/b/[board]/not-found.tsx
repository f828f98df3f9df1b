import { notFoundTitles, PageNotFound } from './not-found-content';

/**
 * A page the board does not have, after a page's notFound(), inside the board's header and footer:
 * Next's bare default 404 has no landmarks and no way back.
 */
export default function BoardNotFound() {
  return (
    <>
      {/* Segment not-found files take no metadata; React hoists this into the head. */}
      <title>{notFoundTitles.page}</title>
      <PageNotFound />
    </>
  );
}
