// The first steps of proxy.ts: requests no route can serve are answered here, before anything reads
// the path or the database, with a clear 4xx (the API's envelope under /api, a short page elsewhere).
import { escapeUTF8 } from 'entities';
import { AppError } from '@/lib/core/errors';
import { rejectRequest } from './respond';

/** Every method some route of the API answers; anything else (TRACE, PROPFIND, …) is a 405. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Outside /api, pages answer GET and HEAD, and POST for their server actions. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/**
 * The route handlers outside /api that do not answer what pages answer, and what they export
 * (request-guards.test.ts checks this list against the route files on disk).
 */
const ROUTE_HANDLER_METHODS: [RegExp, string[]][] = [
  [/^\/cdn\//, ['GET', 'HEAD', 'OPTIONS']],
  [
    /^(?:\/b\/[^/]+)?\/(?:embed|embed\.js|feed\.(?:xml|json)|jobs\.xml|jobs\/(?:linkedin|ziprecruiter)\.xml|robots\.txt|sitemap\.xml|sitemaps\/[^/]+|og\/[^/]+\/[^/]+)$/,
    ['GET', 'HEAD', 'OPTIONS'],
  ],
  [/^\/dashboard\/(?:media\/images|alerts\/export|applications\/export)$/, ['GET', 'HEAD', 'OPTIONS']],
  [/^\/dashboard\/media\/upload$/, ['POST', 'OPTIONS']],
  [/^\/bench\//, ['GET', 'HEAD', 'OPTIONS']],
];

/** The methods an address outside /api answers. */
export function methodsOutsideApi(pathname: string): string[] {
  return ROUTE_HANDLER_METHODS.find(([pattern]) => pattern.test(pathname))?.[1] ?? PAGE_METHODS;
}

const isApi = (request: Request) => new URL(request.url).pathname.startsWith('/api/');

/** A page for people: what is wrong, in a sentence, with the status and no framework around it. */
export function problemPage(status: number, title: string, message: string, headers: HeadersInit = {}) {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeUTF8(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escapeUTF8(title)}</h1><p>${escapeUTF8(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      ...headers,
    },
  });
}

/**
 * 405 for a method the address does not answer, with `Allow`; OPTIONS outside the API is answered
 * here with its `Allow` (Next.js answers it for a page with an empty 400). The API's routes answer
 * their own methods (lib/http/methods.ts): only methods none of them has are refused here.
 */
export function refuseUnservedMethod(request: Request): Response | undefined {
  if (isApi(request)) {
    if (API_METHODS.includes(request.method)) return undefined;
    return rejectRequest(
      request,
      new AppError('method_not_allowed', `${request.method} is not supported by this API.`),
      { allow: API_METHODS.join(', ') },
    );
  }
  const served = methodsOutsideApi(new URL(request.url).pathname);
  const allow = { allow: served.join(', ') };
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: allow });
  if (served.includes(request.method)) return undefined;
  return problemPage(
    405,
    'Method not allowed',
    `This address does not answer ${request.method} requests.`,
    allow,
  );
}

/**
 * 400 for a path that is not percent-encoded UTF-8 (`%ZZ`, `%C0%AF`) or that holds a NUL, which
 * PostgreSQL refuses in text: every later step may decode the path and look its parts up.
 */
export function refuseMalformedPath(request: Request): Response | undefined {
  const { pathname, searchParams } = new URL(request.url);
  if (pathname.includes('%')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return malformed(request, 'invalid_encoding', 'a % not followed by a valid UTF-8 sequence');
    }
    if (decoded.includes('\u0000')) return malformed(request, 'nul_character', 'a NUL character (%00)');
  }
  // The API answers a NUL in its query per field (lib/http/parse-input.ts); pages would pass it on.
  if (!isApi(request) && [...searchParams].some((pair) => pair.join('').includes('\u0000'))) {
    return problemPage(
      400,
      'This address is not valid',
      'Its query holds a NUL character (%00). Check the link.',
    );
  }
  return undefined;
}

function malformed(request: Request, code: string, what: string): Response {
  const message = `The request path has ${what}.`;
  if (!isApi(request)) return problemPage(400, 'This address is not valid', `${message} Check the link.`);
  return rejectRequest(
    request,
    new AppError('validation_error', message, [
      { location: 'path', field: 'path', path: [], code, message: `Not a valid path: ${what}` },
    ]),
  );
}
