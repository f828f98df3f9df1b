// CORS for the keyless public routes: each lists the browser origins it answers, looked up from the
// request (for `?organization=<slug>` routes, the organization's own list); keyed routes never answer
// cross-origin browsers.

import type { Database } from '@/db/client';
import { getDb } from '@/db/client';

const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** The browser origins a public route may be called from, for this request. */
export type AllowedOrigins = (db: Database, request: Request) => Promise<readonly string[]>;

/** The value for Access-Control-Allow-Origin, or null when `origin` is not allowed. */
export function allowedOrigin(origin: string | null, allowed: readonly string[]): string | null {
  if (!origin) return null;
  if (allowed.includes('*')) return '*';
  return allowed.includes(origin.toLowerCase()) ? origin : null;
}

export function publicCors(allowedOrigins: AllowedOrigins) {
  const originFor = async (db: Database, request: Request) => {
    const origin = request.headers.get('origin');
    return origin ? allowedOrigin(origin, await allowedOrigins(db, request)) : null;
  };
  return {
    /** Headers for an actual request (success or error alike, so browsers can read error bodies). */
    headers: async (db: Database, request: Request): Promise<Record<string, string>> => {
      const origin = await originFor(db, request);
      return {
        Vary: 'Origin',
        ...(origin
          ? {
              'Access-Control-Allow-Origin': origin,
              'Access-Control-Expose-Headers': 'x-request-id, Retry-After',
            }
          : {}),
      };
    },
    /** OPTIONS: a preflight answer when the origin is allowed, a plain 204 otherwise. */
    preflight: (methods: string[]) => {
      const allow = [...methods, 'OPTIONS'].join(', ');
      return async (request?: Request): Promise<Response> => {
        const headers: Record<string, string> = { Allow: allow, Vary: 'Origin' };
        if (!request) return new Response(null, { status: 204, headers });
        const origin = await originFor(await getDb(), request);
        if (origin) {
          Object.assign(headers, {
            'Access-Control-Allow-Origin': origin,
            'Access-Control-Allow-Methods': allow,
            'Access-Control-Allow-Headers': 'content-type',
            'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
          });
        }
        return new Response(null, { status: 204, headers });
      };
    },
  };
}
