// A list page's address: its filters and page live in the query string, so a link or a reload
// shows the same list, and every page link keeps the filters.

export type SearchParams = Record<string, string | string[] | undefined>;

/** One value per key (the last), blank values dropped. */
export function queryFrom(searchParams: SearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(searchParams)) {
    const text = Array.isArray(value) ? value.at(-1) : value;
    if (text?.trim()) query[key] = text;
  }
  return query;
}

/** `path` with `query` and `changes` made to it; blank values and first pages leave the address. */
export function hrefWith(
  path: string,
  query: Record<string, string>,
  changes: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key.endsWith('page') && Number(value) === 1))
      params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
