// The steps of a board request in proxy.ts, each a function of what the steps before it found.
import { type NextRequest, NextResponse } from 'next/server';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { trackEvent } from '@/lib/analytics';
import { hasDashboardSession } from '@/lib/auth/dashboard-visitor';
import { type BoardAddressState, boardAddressState } from '@/lib/board/address-state';
import {
  cacheablePageRequest,
  cachedPage,
  type PageKey,
  pageFillBase,
  renderPage,
} from '@/lib/board/page-cache';
import { boardBySlug, slugForCustomDomain } from '@/lib/board/resolve';
import {
  BOARD_BASE_HEADER,
  BOARD_LANG_HEADER,
  BOARD_PATH_PREFIX,
  classifyHost,
  jobSlugOfPath,
  MISSING_BOARD,
  MISSING_HEADER,
  MISSING_PAGE,
  NONCE_HEADER,
  parseBoardPath,
} from '@/lib/board/routing';
import { CACHE_STATUS_HEADER, cacheStatus } from '@/lib/cache';
import { databaseUnavailable } from '@/lib/core/db-errors';
import { env } from '@/lib/core/env';
import { logError } from '@/lib/core/logger';
import { problemPage } from '@/lib/http/request-guards';
import { DATABASE_RETRY_AFTER_SECONDS } from '@/lib/http/respond';
import { contentSecurityPolicy, FRAME_OPTIONS, isWidgetPath } from '@/lib/http/security-headers';
import { visitOf } from '@/lib/http/visit';
import { indexNowKey } from '@/lib/indexnow';
// The sessions module alone: the members index would load the media library into the proxy.
import { MEMBER_COOKIE, memberCookie, memberForSession } from '@/lib/members/sessions';
import { frameAncestorSources } from '@/lib/organizations';

/** What the first step found: the board a request is for, and the path inside it. */
export interface BoardRequest {
  request: NextRequest;
  slug: string;
  /** The path inside the board: `/jobs/x`. */
  rest: string;
  /** Reached through the board's own host (subdomain or custom domain), not `/b/{slug}`. */
  hostMode: boolean;
  /** Undefined for a slug no organization has. */
  organization: Organization | undefined;
  /** The request's headers as the app will see them, without forged internal ones. */
  forwarded: Headers;
}

/** Where the board's page for an address comes from, once its state is known. */
interface Address {
  state: BoardAddressState;
  /** The route that renders it, when not the request's own path. */
  destination?: string;
  status?: number;
}

/** The request's headers, minus the internal ones only this proxy may set. */
export function forwardedHeaders(request: NextRequest): Headers {
  const headers = new Headers(request.headers);
  headers.delete(BOARD_BASE_HEADER);
  headers.delete(NONCE_HEADER);
  headers.delete(MISSING_HEADER);
  headers.delete(BOARD_LANG_HEADER);
  return headers;
}

/**
 * Step 1: the board the request is for (a verified custom domain, a subdomain of BOARD_ROOT_DOMAIN,
 * or `/b/{slug}` on the app's host) and its organization; undefined for the app itself; a 503 page
 * while the database is unreachable (the page would read the organization again).
 */
export async function findBoard(request: NextRequest): Promise<BoardRequest | Response | undefined> {
  try {
    const { pathname } = request.nextUrl;
    const host = classifyHost(request.headers.get('host') ?? request.nextUrl.host);
    let target: { slug: string; rest: string; hostMode: boolean } | undefined;
    if (host.kind === 'subdomain') target = { slug: host.slug, rest: pathname, hostMode: true };
    if (host.kind === 'custom') {
      const slug = await slugForCustomDomain(await getDb(), host.host);
      if (slug) target = { slug, rest: pathname, hostMode: true };
    }
    if (!target) {
      const inPath = parseBoardPath(pathname);
      target = inPath && { ...inPath, hostMode: false };
    }
    if (!target) return undefined;
    const organization = await boardBySlug(await getDb(), target.slug);
    const forwarded = forwardedHeaders(request);
    // The root layout's `<html lang>`: the organization's locale, from the one row read here.
    if (organization) forwarded.set(BOARD_LANG_HEADER, organization.locale);
    return { ...target, request, organization, forwarded };
  } catch (error) {
    if (!databaseUnavailable(error)) throw error;
    return problemPage(
      503,
      'This board is temporarily unavailable',
      'We could not reach its data just now. Please try again in a minute.',
      { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
}

/** Step 2: the IndexNow key file, on every board at `/{key}.txt`. */
export function serveIndexNowKey(board: BoardRequest): Response | undefined {
  const key = indexNowKey();
  if (!key || board.rest !== `/${key}.txt`) return undefined;
  return new Response(key, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** Step 3: the page cache's own render over loopback goes straight on, with the link base it asked for. */
export function passPageFill(board: BoardRequest): Response | undefined {
  const base = pageFillBase(board.request);
  if (base === undefined || board.hostMode) return undefined;
  board.forwarded.set(BOARD_BASE_HEADER, base);
  return NextResponse.next({ request: { headers: board.forwarded } });
}

/** The path-mode prefix of the board's routes; a header value holds Latin-1 only, so encoded. */
const routesBase = (board: BoardRequest) => `${BOARD_PATH_PREFIX}/${encodeURIComponent(board.slug)}`;
/** Where the board's links start: '' on its own host. */
const linkBase = (board: BoardRequest) => (board.hostMode ? '' : routesBase(board));

/** The page cache's key for this request, when the page cache may answer it. */
export function cacheablePage(board: BoardRequest): PageKey | undefined {
  if (!board.organization || !cacheablePageRequest(board.request, board.rest)) return undefined;
  return {
    organization: board.organization,
    renderPath: `${routesBase(board)}${board.rest === '/' ? '' : board.rest}${board.request.nextUrl.search}`,
    base: linkBase(board),
  };
}

/** Step 4: a page kept by the page cache, counted as a job view when it is one. */
export async function serveCachedPage(
  board: BoardRequest,
  page: PageKey | undefined,
): Promise<Response | undefined> {
  const hit = page && (await cachedPage(await getDb(), board.request, page, cachedPolicy(board)));
  if (hit) countJobView(board);
  return hit;
}

/**
 * Step 5: what the address is, decided before rendering (a page's own notFound() cannot set the
 * status of a streamed answer): live, missing (the board's 404 page, or the app's for no board) or
 * an expired job (410). HEAD too: link checkers must see what a GET gets.
 */
export async function resolveAddress(board: BoardRequest): Promise<Address> {
  const { request, organization, rest } = board;
  if (request.method !== 'GET' && request.method !== 'HEAD') return { state: 'live' };
  const state = organization
    ? await boardAddressState(
        await getDb(),
        organization,
        rest,
        async () =>
          memberForSession(await getDb(), organization.id, request.cookies.get(MEMBER_COOKIE)?.value),
        request.nextUrl.searchParams,
      ).catch(() => 'live' as const)
    : 'missing';
  const jobSlug = jobSlugOfPath(rest);
  if (state === 'expired' && jobSlug)
    return {
      state,
      destination: `${routesBase(board)}/jobs/${encodeURIComponent(jobSlug)}/gone`,
      status: 410,
    };
  if (state === 'missing') {
    // A checkout has its own page saying nothing was charged; every other address the board's.
    board.forwarded.set(MISSING_HEADER, /^\/checkout\/[^/]+\/?$/.test(rest) ? 'checkout' : 'page');
    return {
      state,
      destination: organization ? `${routesBase(board)}/${MISSING_PAGE}` : MISSING_BOARD,
      status: 404,
    };
  }
  return { state };
}

/**
 * Step 6: a job page viewed by a person (not a prefetch, a bot or the dashboard's own users) counts
 * as a job view here, so pages answered from the cache count too. Written later in a batch; the
 * answer never waits for it.
 */
export function countJobView(board: BoardRequest): void {
  const { request, organization } = board;
  if (!organization || !jobSlugOfPath(board.rest)) return;
  if (
    request.method !== 'GET' ||
    request.headers.has('rsc') ||
    request.headers.get('sec-purpose')?.includes('prefetch')
  )
    return;
  if (hasDashboardSession(request.headers)) return;
  trackEvent(
    organization.id,
    {
      name: 'job_view',
      url: request.nextUrl,
      boardSlug: organization.slug,
      referrer: request.headers.get('referer'),
    },
    visitOf(request.headers),
  ).catch((error) => logError('job_view_not_counted', error));
}

/** Step 7: a live page the cache may keep, rendered once for it and answered from it. */
export async function fillPageCache(page: PageKey | undefined, address: Address, board: BoardRequest) {
  if (!page || address.state !== 'live') return undefined;
  return renderPage(await getDb(), board.request, page, cachedPolicy(board));
}

/**
 * Step 8: the page rendered for this request alone, under a policy with a fresh nonce; host-mode
 * addresses onto the path-mode routes. The member session slides: each page visit keeps the cookie
 * another 30 days (the database row slides when the session is read).
 */
export function renderForRequest(board: BoardRequest, address: Address, cacheable: boolean): NextResponse {
  const { request, forwarded } = board;
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = boardPolicy({ nonce }, framing(board));
  forwarded.set(NONCE_HEADER, nonce);
  forwarded.set('content-security-policy', policy);
  forwarded.set(BOARD_BASE_HEADER, linkBase(board));
  const destination =
    address.destination ??
    (board.hostMode ? `${routesBase(board)}${board.rest === '/' ? '' : board.rest}` : undefined);
  const response = destination
    ? NextResponse.rewrite(new URL(`${destination}${request.nextUrl.search}`, request.url), {
        request: { headers: forwarded },
        ...(address.status ? { status: address.status } : {}),
      })
    : NextResponse.next({ request: { headers: forwarded } });
  response.headers.set('content-security-policy', policy);
  response.headers.set(CACHE_STATUS_HEADER, cacheStatus(cacheable ? 'miss' : 'bypass'));
  // The widget neither reads nor sets cookies: it is a frame on someone else's site.
  const session = isWidget(board) ? undefined : request.cookies.get(MEMBER_COOKIE)?.value;
  if (session && request.method === 'GET') {
    response.cookies.set(
      MEMBER_COOKIE,
      session,
      memberCookie(linkBase(board), { headers: request.headers, protocol: request.nextUrl.protocol }),
    );
  }
  return response;
}

/**
 * Last, for every answer: next.config.ts leaves the framing headers of widget paths (`/embed`,
 * `/b/{slug}/embed`) to the proxy. The widget of a board that lists origins goes out with those as
 * its frame-ancestors and without X-Frame-Options; anything else answered at such a path (no board
 * there, a missing page, a widget its owner lets no site frame) is refused framing like every other
 * page. A render for the page cache keeps neither: the cache adds the policy when it answers.
 */
export function guardWidgetFraming(request: NextRequest, response: Response): Response {
  if (!isWidgetPath(request.nextUrl.pathname) || pageFillBase(request) !== undefined) return response;
  const policy = response.headers.get('content-security-policy');
  if (!policy) response.headers.set('content-security-policy', appPolicy());
  if (!policy || /frame-ancestors 'none'/.test(policy))
    response.headers.set(FRAME_OPTIONS.key, FRAME_OPTIONS.value);
  return response;
}

/** The board's jobs widget document (`/embed` inside the board). */
const isWidget = (board: BoardRequest) => board.organization !== undefined && board.rest === '/embed';

/** Who may frame the answer: the widget's listed origins, and nothing for every other board page. */
const framing = (board: BoardRequest) =>
  isWidget(board) ? frameAncestorSources(board.organization!.embedOrigins) : undefined;

/** The policy of a page answered from the page cache, from the organization row read for this request. */
const cachedPolicy = (board: BoardRequest) => (hashes: string[]) => boardPolicy(hashes, framing(board));

const iframeHosts = () =>
  (process.env.CONTENT_IFRAME_HOSTS ?? '').split(',').flatMap((host) => host.trim() || []);

/** The app's own policy, as next.config.ts sets it on every other path. */
const appPolicy = () =>
  contentSecurityPolicy({ development: process.env.NODE_ENV === 'development', iframeHosts: iframeHosts() });

/** A board page's policy: with a per-request nonce, or with the hashes of a cached page's scripts. */
function boardPolicy(scripts: { nonce: string } | string[], frameAncestors?: readonly string[]): string {
  return contentSecurityPolicy({
    ...(Array.isArray(scripts) ? { scriptHashes: scripts } : scripts),
    connectOrigins: [new URL(env().APP_URL).origin],
    development: process.env.NODE_ENV === 'development',
    iframeHosts: iframeHosts(),
    frameAncestors,
  });
}
