// GET /feed.json: JSON Feed 1.1 of the latest live jobs (the JSON twin of /feed.xml).
import { getDb } from '@/db/client';
import { jobsJsonFeed } from '@/lib/board/feeds';
import { type BoardRouteContext, boardForRoute, feedResponse, notFoundText } from '../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  return feedResponse(
    await jobsJsonFeed(await getDb(), board.org, board.url, board.org.name),
    'application/feed+json',
  );
}
