// One page of a list the page reads whole. For the short lists whose service (and API) has no
// limit/offset, because the rest of the page needs every row anyway: the categories a category can
// be filed under, the authors a deleted author's posts can go to. The address's `page` is read as
// the API reads it; what is past the end is an empty page, which says so.

/** How many rows a short list shows a page. */
export const ROWS_PER_PAGE = 20;

export interface RowPage<Row> {
  rows: Row[];
  page: number;
  perPage: number;
  total: number;
}

/** The rows of page `page` (the address's text; 1 when it is not a page number). */
export function rowPage<Row>(
  rows: readonly Row[],
  page: string | undefined,
  perPage = ROWS_PER_PAGE,
): RowPage<Row> {
  const requested = Number(page);
  const number = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const start = (number - 1) * perPage;
  return { rows: rows.slice(start, start + perPage), page: number, perPage, total: rows.length };
}
