// GET /b/{board}/embed.js (/embed.js on a board's own host): the snippet's script, which frames the
// board's jobs widget on another site's page (lib/board/embed-script.ts).
import { EMBED_SCRIPT } from '@/lib/board/embed-script';
import { type BoardRouteContext, boardForRoute, notFoundText } from '../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  if (!(await boardForRoute(context))) return notFoundText();
  return new Response(EMBED_SCRIPT, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      // The same bytes for every board and visitor; an hour keeps a new release close behind.
      'cache-control': 'public, max-age=3600',
      // Loaded by other sites' pages as a classic script.
      'cross-origin-resource-policy': 'cross-origin',
    },
  });
}
