// Every request passes here first. Refusals come first (methods no route serves, malformed paths,
// malformed server actions); then, for a board (ARCHITECTURE.md, "The board"), the steps of
// app/_proxy/board-request.ts in order: which board, its IndexNow key, the page cache's own render,
// a page the cache keeps, the address's state (404 and 410 decided before rendering), the job view,
// a render for the cache, else a render for this request alone under a nonce policy. Last, the
// framing headers of the jobs widget's paths, which next.config.ts leaves to the proxy.
import { type NextRequest, NextResponse } from 'next/server';
import {
  cacheablePage,
  countJobView,
  fillPageCache,
  findBoard,
  forwardedHeaders,
  guardWidgetFraming,
  passPageFill,
  renderForRequest,
  resolveAddress,
  serveCachedPage,
  serveIndexNowKey,
} from '@/app/_proxy/board-request';
import { refuseMalformedPath, refuseUnservedMethod } from '@/lib/http/request-guards';
import { refuseMalformedServerAction } from '@/lib/http/server-action-guard';

export async function proxy(request: NextRequest): Promise<Response | undefined> {
  const refused =
    refuseUnservedMethod(request) ??
    refuseMalformedPath(request) ??
    (await refuseMalformedServerAction(request));
  return guardWidgetFraming(request, refused ?? (await answer(request)));
}

async function answer(request: NextRequest): Promise<Response> {
  const board = await findBoard(request);
  if (board instanceof Response) return board;
  if (!board) return NextResponse.next({ request: { headers: forwardedHeaders(request) } });
  const page = cacheablePage(board);
  const early = serveIndexNowKey(board) ?? passPageFill(board) ?? (await serveCachedPage(board, page));
  if (early) return early;
  const address = await resolveAddress(board);
  if (address.state === 'live') countJobView(board);
  return (await fillPageCache(page, address, board)) ?? renderForRequest(board, address, page !== undefined);
}

export const config = {
  // Static assets are the same for every host.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
