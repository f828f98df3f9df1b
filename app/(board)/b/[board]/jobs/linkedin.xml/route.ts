// GET /jobs/linkedin.xml: LinkedIn's XML job feed (job wrapping) of every live job.
import { getDb } from '@/db/client';
import { linkedinFeed } from '@/lib/board/linkedin-feed';
import { type BoardRouteContext, boardForRoute, notFoundText, xmlResponse } from '../../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  return xmlResponse(linkedinFeed(await getDb(), board.org, board.url, board.org.name));
}
