import { getDb } from '@/db/client';
import { sitemap } from '@/lib/board/feeds';
import { type BoardRouteContext, boardForRoute, notFoundText, xmlResponse } from '../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  return xmlResponse(await sitemap(await getDb(), board.org, board.url));
}
