// One place decides which board a request is for (ARCHITECTURE.md, "The board"): a verified custom
// domain, a subdomain of BOARD_ROOT_DOMAIN, or the path `/b/{slug}` on the app's own host. Host-mode
// requests are rewritten onto the path-mode routes; board pages get a CSP nonce; a job page whose
// job has expired answers 410. Methods no route serves and malformed paths are refused first.
import { type NextRequest, NextResponse } from 'next/server';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { trackEvent } from '@/lib/analytics';
import { hasDashboardSession } from '@/lib/auth/dashboard-visitor';
import { type BoardAddressState, boardAddressState } from '@/lib/board/address-state';
import { cacheablePageRequest, cachedPage, pageFillBase, renderPage } from '@/lib/board/page-cache';
import { boardOrganization, slugForCustomDomain } from '@/lib/board/resolve';
import {
  BOARD_BASE_HEADER,
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
import { problemPage, refuseMalformedPath, refuseUnservedMethod } from '@/lib/http/request-guards';
import { DATABASE_RETRY_AFTER_SECONDS } from '@/lib/http/respond';
import { contentSecurityPolicy } from '@/lib/http/security-headers';
import { refuseMalformedServerAction } from '@/lib/http/server-action-guard';
import { visitOf } from '@/lib/http/visit';
import { indexNowKey } from '@/lib/indexnow';
// The sessions module alone: the members index would load the media library into the proxy.
import { MEMBER_COOKIE, memberForSession, SESSION_TTL_MS } from '@/lib/members/sessions';

/** A board page while the database is unreachable: 503 with Retry-After, a page people can read. */
const boardUnavailable = () =>
  problemPage(
    503,
    'This board is temporarily unavailable',
    'We could not reach its data just now. Please try again in a minute.',
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** A board page's policy: with a per-request nonce, or with the hashes of a cached page's scripts. */
function boardPolicy(scripts: { nonce: string } | string[]): string {
  return contentSecurityPolicy({
    ...(Array.isArray(scripts) ? { scriptHashes: scripts } : scripts),
    connectOrigins: [new URL(env().APP_URL).origin],
    development: process.env.NODE_ENV === 'development',
    iframeHosts: (process.env.CONTENT_IFRAME_HOSTS ?? '').split(',').flatMap((host) => host.trim() || []),
  });
}

/** The board slug and the path inside it, or undefined when the request is for the app itself. */
async function boardTarget(
  request: NextRequest,
): Promise<{ slug: string; rest: string; hostMode: boolean } | undefined> {
  const { pathname } = request.nextUrl;
  const host = classifyHost(request.headers.get('host') ?? request.nextUrl.host);
  if (host.kind === 'subdomain') return { slug: host.slug, rest: pathname, hostMode: true };
  if (host.kind === 'custom') {
    const slug = await slugForCustomDomain(await getDb(), host.host);
    if (slug) return { slug, rest: pathname, hostMode: true };
  }
  const inPath = parseBoardPath(pathname);
  return inPath && { ...inPath, hostMode: false };
}

/**
 * A job page viewed by a person (not a prefetch, a bot or the dashboard's own users) counts as a
 * job view here, in the request path, so pages answered from the cache count too. Written later in
 * a batch; the answer never waits for it.
 */
function countJobView(request: NextRequest, organization: Organization): void {
  if (
    request.method !== 'GET' ||
    request.headers.has('rsc') ||
    request.headers.get('sec-purpose')?.includes('prefetch')
  ) {
    return;
  }
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

export async function proxy(request: NextRequest): Promise<Response | undefined> {
  const refused =
    refuseUnservedMethod(request) ??
    refuseMalformedPath(request) ??
    (await refuseMalformedServerAction(request));
  if (refused) return refused;
  const headers = new Headers(request.headers);
  headers.delete(BOARD_BASE_HEADER);
  headers.delete(NONCE_HEADER);
  headers.delete(MISSING_HEADER);
  let target: Awaited<ReturnType<typeof boardTarget>>;
  let organization: Organization | undefined;
  try {
    target = await boardTarget(request);
    // The page reads the organization again; asking here first turns an outage into a 503 page.
    if (target) organization = await boardOrganization(await getDb(), target.slug);
  } catch (error) {
    if (databaseUnavailable(error)) return boardUnavailable();
    throw error;
  }
  if (!target) return NextResponse.next({ request: { headers } });
  const indexNow = indexNowKey();
  if (indexNow && target.rest === `/${indexNow}.txt`) {
    return new Response(indexNow, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const fillBase = pageFillBase(request);
  if (fillBase !== undefined && !target.hostMode) {
    headers.set(BOARD_BASE_HEADER, fillBase);
    return NextResponse.next({ request: { headers } });
  }

  // Encoded: a header value holds Latin-1 only, and an unknown slug may hold anything.
  const linkBase = target.hostMode ? '' : `${BOARD_PATH_PREFIX}/${encodeURIComponent(target.slug)}`;
  const base = `${BOARD_PATH_PREFIX}/${encodeURIComponent(target.slug)}`;
  const page = organization && {
    organization,
    renderPath: `${base}${target.rest === '/' ? '' : target.rest}${request.nextUrl.search}`,
    base: linkBase,
  };
  const jobSlug = jobSlugOfPath(target.rest);
  const countView = () => {
    if (organization && jobSlug) countJobView(request, organization);
  };
  const cacheable = page && cacheablePageRequest(request, target.rest);
  if (cacheable) {
    const hit = cachedPage(request, page, boardPolicy);
    if (hit) {
      countView();
      return hit;
    }
  }

  let destination = target.hostMode ? `${base}${target.rest === '/' ? '' : target.rest}` : undefined;
  let status: number | undefined;
  let state: BoardAddressState = 'live';
  // HEAD too: link checkers and crawlers that ask HEAD must see what a GET gets.
  if (request.method === 'GET' || request.method === 'HEAD') {
    state = organization
      ? await boardAddressState(await getDb(), organization, target.rest, async () =>
          memberForSession(await getDb(), organization.id, request.cookies.get(MEMBER_COOKIE)?.value),
        ).catch(() => 'live' as const)
      : 'missing';
    if (state === 'expired' && jobSlug) {
      destination = `${base}/jobs/${encodeURIComponent(jobSlug)}/gone`;
      status = 410;
    } else if (state === 'missing') {
      // Pages render their own 404 from notFound() only as flight data (lib/board/address-state.ts):
      // the board's not-found page, or for no board the app's, renders here as a page.
      destination = organization ? `${base}/${MISSING_PAGE}` : MISSING_BOARD;
      status = 404;
      // A checkout has its own page saying nothing was charged; every other address the board's.
      headers.set(MISSING_HEADER, /^\/checkout\/[^/]+\/?$/.test(target.rest) ? 'checkout' : 'page');
    }
  }
  if (state === 'live') countView();
  if (cacheable && state === 'live') {
    const rendered = await renderPage(await getDb(), request, page, boardPolicy);
    if (rendered) return rendered;
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = boardPolicy({ nonce });
  headers.set(NONCE_HEADER, nonce);
  headers.set('content-security-policy', policy);
  headers.set(BOARD_BASE_HEADER, linkBase);
  const response = destination
    ? NextResponse.rewrite(new URL(`${destination}${request.nextUrl.search}`, request.url), {
        request: { headers },
        ...(status ? { status } : {}),
      })
    : NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  response.headers.set(CACHE_STATUS_HEADER, cacheStatus(cacheable ? 'miss' : 'bypass'));
  // The member session slides: each page visit keeps the cookie for another 30 days (the database
  // row slides when the session is read).
  const session = request.cookies.get(MEMBER_COOKIE)?.value;
  if (session && request.method === 'GET') {
    response.cookies.set(MEMBER_COOKIE, session, {
      path: linkBase || '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https',
      maxAge: SESSION_TTL_MS / 1000,
    });
  }
  return response;
}

export const config = {
  // Static assets are the same for every host.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
