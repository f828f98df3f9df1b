import { type BoardRouteContext, boardForRoute, notFoundText } from '../feeds';

export async function GET(_request: Request, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /jobs/*/apply',
    'Disallow: /jobs/*/applied',
    '',
    `Sitemap: ${board.url}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
