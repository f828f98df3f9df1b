import { getDb } from '@/db/client';
import { indeedFeed } from '@/lib/board/indeed-feed';
import { type BoardRouteContext, boardForRoute, notFoundText, xmlResponse } from '../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  return xmlResponse(indeedFeed(await getDb(), board.org, board.url, board.org.name));
}
