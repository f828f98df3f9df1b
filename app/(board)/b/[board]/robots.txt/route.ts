// GET: the board's robots.txt, its rules under the prefix its paths have on this host.
import { boardRobotsTxt } from '@/lib/board/robots';
import { BOARD_BASE_HEADER, BOARD_PATH_PREFIX } from '@/lib/board/routing';
import { type BoardRouteContext, boardForRoute, notFoundText } from '../feeds';

export async function GET(request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  // The proxy says where the board's paths start: '' on its own host, /b/{slug} on the app's.
  const base = request.headers.get(BOARD_BASE_HEADER) ?? `${BOARD_PATH_PREFIX}/${board.org.slug}`;
  return new Response(boardRobotsTxt(base, `${board.url}/sitemap.xml`), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
