// /sitemaps/{n}.xml: the chunks a large board's /sitemap.xml index lists.
import { getDb } from '@/db/client';
import { sitemapChunk } from '@/lib/board/feeds';
import { boardForRoute, notFoundText, xmlResponse } from '../../feeds';

export async function GET(
  _request: Request,
  context: { params: Promise<{ board: string; file: string }> },
): Promise<Response> {
  const { file } = await context.params;
  const match = /^(\d{1,4})\.xml$/.exec(file);
  const board = await boardForRoute(context);
  if (!board || !match) return notFoundText();
  return xmlResponse(await sitemapChunk(await getDb(), board.org, board.url, Number(match[1])));
}
