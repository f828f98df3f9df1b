// Rendered board pages, kept on a long-running server (npm start, which sets BOARDKIT_SERVER_ORIGIN)
// in the shared store (this process's memory, or the deployment's Redis with REDIS_URL, where every
// instance answers from what any of them rendered), and served without rendering while the
// organization's revision is unchanged and nothing scheduled has come due (ARCHITECTURE.md, "The
// board"). A page is rendered for the cache through the server's own loopback address, without a
// nonce: the cached bytes are the same for every visitor and go out with a CSP that lists the hashes
// of their inline scripts.
import { createHash, randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  CACHE_STATUS_HEADER,
  type CacheOutcome,
  cacheStatus,
  frame,
  type SharedStore,
  sharedStore,
  unframe,
} from '@/lib/cache';
import { env } from '@/lib/core/env';
import type { Db } from '@/lib/core/transaction';
import { inlineScriptHashes } from './inline-script-hashes';
import { nextScheduledChange } from './queries';

/** Sent with a render for the cache; its value proves the request came from this process. */
const FILL_HEADER = 'x-boardkit-page-fill';
/** Where the filled page's links start ('' in host mode): the fill itself is a path-mode request. */
const FILL_BASE_HEADER = 'x-boardkit-page-fill-base';
const fillToken = randomUUID();

/** Relative times on a page ("posted 3 hours ago") are this fresh. */
const FRESH_MS = 60_000;
/**
 * After that, a page is still answered this long while one request of this process renders it again
 * in the background: only its relative times have aged. Without it, pages rendered together all
 * expired together, and their visitors waited for a wave of renders.
 */
const STALE_MS = 5 * 60_000;
/**
 * The data caches under a render answer from up to this long ago (job totals, lib/jobs/queries.ts),
 * so a render may not yet show a change that came due this long before it.
 */
const DATA_LAG_MS = 30_000;
/** A render for the cache that takes longer is given up; the visitor's own render goes ahead. */
const FILL_TIMEOUT_MS = 10_000;

/** Response headers of a render that are not the page's own, or that the cache sets itself. */
const NOT_KEPT = new Set([
  'cache-control',
  'cache-status',
  'connection',
  'content-encoding',
  'content-length',
  'content-security-policy',
  'date',
  'etag',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
  'vary',
]);

interface CachedPage {
  /** Until then answered as is; from then until `validUntil`, answered while rendered again. */
  freshUntil: number;
  /** Never answered after this: a scheduled change (an expiry, a post, a CMS item) has come due. */
  validUntil: number;
  headers: [string, string][];
  scriptHashes: string[];
  etag: string;
  gzip: Buffer;
}

export interface PageKey {
  organization: { id: number; revision: number };
  /** The page's path-mode path and query: `/b/{slug}/jobs/x?y`. */
  renderPath: string;
  /** Where links start: '' in host mode, `/b/{slug}` in path mode. */
  base: string;
}

const filling = new Map<string, Promise<CachedPage | undefined>>();

function store(): SharedStore | undefined {
  const config = env();
  if (!config.BOARDKIT_SERVER_ORIGIN || config.BOARD_PAGE_CACHE_MB === 0) return undefined;
  return sharedStore('page', config.BOARD_PAGE_CACHE_MB * 1024 * 1024);
}

function encode({ gzip, ...meta }: CachedPage): Buffer {
  return frame(meta, gzip);
}

function decode(stored: Buffer): CachedPage | undefined {
  const found = unframe<Omit<CachedPage, 'gzip'>>(stored);
  return found && { ...found.meta, gzip: found.bytes };
}

/**
 * Whether a request may be answered from the cache: a plain GET of a page, the RSS or JSON feed (not
 * the job sites' large feeds and sitemaps, nor the widget's script, a constant the cache would not
 * keep, nor an apply step, a sign-in, account or alert page, nor what
 * depends on the payment settings, which change no revision: pricing, posting a job, checkout; nor
 * a share image, which keeps its own bytes) from a visitor without cookies, who would otherwise get
 * exactly the cached bytes.
 */
export function cacheablePageRequest(request: Request, rest: string): boolean {
  if (request.method !== 'GET' || !store()) return false;
  const { headers } = request;
  if (headers.has('cookie') || headers.has('rsc') || headers.has('next-action') || headers.has(FILL_HEADER)) {
    return false;
  }
  return !/^\/(jobs\.xml|jobs\/(?:linkedin|ziprecruiter)\.xml|sitemap\.xml|robots\.txt|embed\.js)$|^\/(sitemaps|sign-in|account|alerts|pricing|post-a-job|checkout|og)(\/|$)|^\/jobs\/[^/]+\/./.test(
    rest,
  );
}

/** The link base a render for the cache asked for, or undefined for any other request. */
export function pageFillBase(request: Request): string | undefined {
  if (request.headers.get(FILL_HEADER) !== fillToken) return undefined;
  return request.headers.get(FILL_BASE_HEADER) ?? undefined;
}

/** A write bumps the revision, so a page stored under an older one is never asked for again. */
function storeKey(page: PageKey): string {
  return `${page.organization.id}:${page.organization.revision}|${page.base}|${page.renderPath}`;
}

/**
 * The cached page, or undefined (then the caller checks what it must and calls `renderPage`). A
 * page past its freshness is answered too, and rendered again in the background.
 */
export async function cachedPage(
  db: Db,
  request: Request,
  page: PageKey,
  policy: (hashes: string[]) => string,
): Promise<Response | undefined> {
  const bytes = await store()?.get(storeKey(page));
  const entry = bytes && decode(bytes);
  const now = Date.now();
  if (!entry || entry.validUntil <= now) return undefined;
  if (entry.freshUntil <= now) void refresh(db, page).catch(() => undefined);
  return respond(request, entry, policy, 'hit', Math.floor((entry.freshUntil - now) / 1000));
}

/**
 * Renders the page for the cache (one render for concurrent misses), keeps it and answers with it;
 * undefined when the render is not one to keep (not a 200 page or feed), for the caller to render
 * as usual.
 */
export async function renderPage(
  db: Db,
  request: Request,
  page: PageKey,
  policy: (hashes: string[]) => string,
): Promise<Response | undefined> {
  const { entry, collapsed } = await fillOnce(db, page);
  return entry && respond(request, entry, policy, collapsed ? 'collapsed' : 'stored');
}

/**
 * One background render per stale page across the deployment: instances sharing the store claim it
 * for as long as a render may take, so two of them never both render it.
 */
async function refresh(db: Db, page: PageKey) {
  if (await store()?.claim(`${storeKey(page)}|refresh`, FILL_TIMEOUT_MS)) await fillOnce(db, page);
}

/** One render per page at a time in this process, kept once done; `collapsed` when another asked first. */
async function fillOnce(db: Db, page: PageKey) {
  const key = storeKey(page);
  const running = filling.get(key);
  if (running) return { entry: await running, collapsed: true };
  const pending = fill(db, page).then(async (entry) => {
    if (entry) await store()?.set(key, encode(entry), entry.validUntil - Date.now());
    return entry;
  });
  filling.set(key, pending);
  try {
    return { entry: await pending, collapsed: false };
  } finally {
    filling.delete(key);
  }
}

async function fill(db: Db, page: PageKey): Promise<CachedPage | undefined> {
  const started = Date.now();
  const response = await fetch(new URL(page.renderPath, env().BOARDKIT_SERVER_ORIGIN), {
    // Uncompressed: Next.js would gzip the render only for this fetch to gunzip it again.
    headers: { [FILL_HEADER]: fillToken, [FILL_BASE_HEADER]: page.base, 'accept-encoding': 'identity' },
    redirect: 'manual',
    cache: 'no-store',
    signal: AbortSignal.timeout(FILL_TIMEOUT_MS),
  }).catch(() => undefined);
  if (!response) return undefined;
  // Read to the end even when not kept: under Next.js, fetch tees the body, and cancelling one
  // branch waits for the other forever (every 404 hung the request that asked for it).
  const html = await response.text().catch(() => undefined);
  const type = response.headers.get('content-type') ?? '';
  const kept = /^(?:text\/html|application\/rss\+xml|application\/feed\+json)\b/.test(type);
  if (html === undefined || response.status !== 200 || !kept || response.headers.has('set-cookie')) {
    return undefined;
  }
  const due = await nextScheduledChange(db, page.organization.id, new Date(started - DATA_LAG_MS));
  const validUntil = Math.min(
    started + FRESH_MS + STALE_MS,
    due ? due.getTime() + DATA_LAG_MS : Number.POSITIVE_INFINITY,
  );
  return {
    freshUntil: Math.min(started + FRESH_MS, validUntil),
    validUntil,
    headers: [...response.headers].filter(([name]) => !NOT_KEPT.has(name) && !name.startsWith('x-nextjs-')),
    scriptHashes: inlineScriptHashes(html),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    gzip: gzipSync(html),
  };
}

function respond(
  request: Request,
  entry: CachedPage,
  policy: (hashes: string[]) => string,
  outcome: CacheOutcome,
  ttlSeconds?: number,
): Response {
  const headers = new Headers(entry.headers);
  headers.set('content-security-policy', policy(entry.scriptHashes));
  headers.set('cache-control', 'public, no-cache');
  headers.set('etag', entry.etag);
  headers.set(CACHE_STATUS_HEADER, cacheStatus(outcome, ttlSeconds));
  if (request.headers.get('if-none-match') === entry.etag)
    return new Response(null, { status: 304, headers });
  // Next.js drops a proxy response's Content-Encoding and compresses the body itself, so the
  // stored bytes are unzipped here rather than passed through.
  return new Response(new Uint8Array(gunzipSync(entry.gzip)), { headers });
}
