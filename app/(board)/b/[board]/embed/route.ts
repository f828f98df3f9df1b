// GET /b/{board}/embed (/embed on a board's own host): the jobs widget other sites frame. Plain HTML,
// no cookie read or set; its frame-ancestors policy comes from proxy.ts (the owner's embed origins).
import type { NextRequest } from 'next/server';
import { getDb } from '@/db/client';
import { embedDocument, embedProblem, parseEmbedQuery } from '@/lib/board/embed';
import { BOARD_BASE_HEADER, BOARD_PATH_PREFIX, NONCE_HEADER } from '@/lib/board/routing';
import { type BoardRouteContext, boardForRoute, notFoundText } from '../feeds';

export async function GET(request: NextRequest, context: BoardRouteContext): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  const filters = parseEmbedQuery(request.nextUrl.searchParams);
  const { status, html } =
    'problem' in filters
      ? embedProblem(400, filters.problem)
      : await embedDocument(await getDb(), board.org, filters, {
          // Links go to the board on the host that served the widget, as its pages' links do.
          base: request.headers.get(BOARD_BASE_HEADER) ?? `${BOARD_PATH_PREFIX}/${board.org.slug}`,
          nonce: request.headers.get(NONCE_HEADER) ?? undefined,
        });
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // A frame on someone else's page is no page for search engines.
      'x-robots-tag': 'noindex',
    },
  });
}
