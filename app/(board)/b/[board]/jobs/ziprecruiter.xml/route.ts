// GET /jobs/ziprecruiter.xml: ZipRecruiter's XML job feed of every live job.
import { getDb } from '@/db/client';
import { ziprecruiterFeed } from '@/lib/board/ziprecruiter-feed';
import { type BoardRouteContext, boardForRoute, notFoundText, xmlResponse } from '../../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  return xmlResponse(ziprecruiterFeed(await getDb(), board.org, board.url, board.org.name));
}
