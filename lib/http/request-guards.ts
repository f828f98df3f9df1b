// The first steps of proxy.ts: requests no route can serve are answered here, before anything reads
// the path or the database, with a clear 4xx (the API's envelope under /api, a short page elsewhere).
import { escapeUTF8 } from 'entities';
import { AppError } from '@/lib/core/errors';
import { rejectRequest } from './respond';

/** Every method some route of the app answers; anything else (TRACE, PROPFIND, …) is a 405. */
const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

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

/** 405 for a method no route serves. */
export function refuseUnservedMethod(request: Request): Response | undefined {
  if (SERVED_METHODS.includes(request.method)) return undefined;
  const allow = { allow: SERVED_METHODS.join(', ') };
  if (isApi(request)) {
    return rejectRequest(
      request,
      new AppError('method_not_allowed', `${request.method} is not supported by this API.`),
      allow,
    );
  }
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
  const { pathname } = new URL(request.url);
  if (!pathname.includes('%')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return malformed(request, 'invalid_encoding', 'a % not followed by a valid UTF-8 sequence');
  }
  if (decoded.includes('\u0000')) return malformed(request, 'nul_character', 'a NUL character (%00)');
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
