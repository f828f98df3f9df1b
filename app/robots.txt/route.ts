// GET: the app host's robots.txt: the rules of the boards under /b/ and each path-mode board's sitemap.
import { getDb } from '@/db/client';
import { appRobotsTxt } from '@/lib/board/robots';

// Read per request: boards come and go after the build (without it, `next build` prerenders the
// boards of the build's database into a static file).
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return new Response(await appRobotsTxt(await getDb()), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
