import { getDb } from '@/db/client';
import { jobsRss } from '@/lib/board/feeds';
import { type BoardRouteContext, boardForRoute, notFoundText, xmlResponse } from '../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  return xmlResponse(
    await jobsRss(await getDb(), board.org, board.url, board.org.name),
    'application/rss+xml',
  );
}
