// Shared by the board's feed routes: which board (404 page otherwise) and how to answer.
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { boardBySlug } from '@/lib/board/resolve';
import { boardUrl } from '@/lib/organizations';

export type BoardRouteContext = { params: Promise<{ board: string }> };

export async function boardForRoute(
  context: BoardRouteContext,
): Promise<{ org: Organization; url: string } | undefined> {
  const org = await boardBySlug(await getDb(), (await context.params).board);
  return org && { org, url: boardUrl(org) };
}

export const notFoundText = () =>
  new Response('No board here.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** Feeds may be cached by crawlers and CDNs for a minute; writes show on the next fetch after it. */
export const feedResponse = (body: string | ReadableStream<Uint8Array>, type: string) =>
  new Response(body, {
    headers: {
      'content-type': `${type}; charset=utf-8`,
      'cache-control': 'public, max-age=60, stale-while-revalidate=300',
    },
  });

export const xmlResponse = (body: string | ReadableStream<Uint8Array>, type = 'application/xml') =>
  feedResponse(body, type);
