import { mimeForKey } from './sniff';
import { type ByteRange, mediaStorage } from './storage';
import { isValidStorageKey } from './storage/types';

// Objects never change under a key (a new file gets a new key), so caches may keep them forever.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// An SVG opened directly must not run anything or load anything, even if sanitizing missed it.
const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * GET/HEAD {CDN_URL}/<key>: streams a stored object with its type, ETag, immutable caching and
 * single-range requests; null when there is no such object.
 */
export async function serveMediaObject(request: Request, segments: string[]): Promise<Response | null> {
  const key = segments.join('/');
  if (!isValidStorageKey(key)) return null;
  const storage = mediaStorage();
  const size = await storage.size(key);
  if (size === null) return null;

  const etag = `"${key.replaceAll('/', '-')}"`;
  const headers = new Headers({
    'content-type': mimeForKey(key),
    'cache-control': IMMUTABLE,
    etag,
    'accept-ranges': 'bytes',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
  });
  if (matchesEtag(request.headers.get('if-none-match'), etag))
    return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get('if-range');
  const rangeHeader = ifRange === null || ifRange === etag ? request.headers.get('range') : null;
  const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
  headers.set('content-length', String(range ? range.end - range.start + 1 : size));
  const status = range ? 206 : 200;
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const body = await storage.read(key, range);
  return body ? new Response(body, { status, headers }) : null;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * One `bytes=` range (first-last, first-, or -suffix). Several ranges, or a header that is not a
 * byte range, serve the whole object (allowed by RFC 9110); a range past the end is unsatisfiable.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
