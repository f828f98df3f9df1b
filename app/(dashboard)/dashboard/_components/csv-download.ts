import { stringify } from 'csv-stringify/sync';

/**
 * A CSV file the browser saves as `filename`: the header row, then one row per item of each page,
 * read one page at a time as the download is read, so a large export never sits whole in memory.
 * A cell a spreadsheet would run as a formula (=, +, -, @) is prefixed so it stays text.
 */
export function csvDownload<T>(
  filename: string,
  columns: readonly string[],
  pages: AsyncGenerator<T[]>,
  row: (item: T) => unknown[],
): Response {
  const encoder = new TextEncoder();
  const csv = (rows: unknown[][]) => encoder.encode(stringify(rows, { escape_formulas: true }));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(csv([[...columns]]));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(csv(next.value.map(row)));
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

/** `{slug}-{what}-{YYYY-MM-DD}.csv`: which board, what, and when it was taken. */
export const csvFilename = (slug: string, what: string, now = new Date()) =>
  `${slug}-${what}-${now.toISOString().slice(0, 10)}.csv`;
