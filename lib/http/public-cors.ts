// CORS for the keyless public routes (`?organization=<slug>`): each organization lists the browser
// origins its sites call from; keyed routes never answer cross-origin browsers.

import type { Database } from '@/db/client';
import { getDb } from '@/db/client';
import { getOrganizationBySlug } from '@/lib/organizations/service';

const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** The value for Access-Control-Allow-Origin, or null when `origin` is not allowed. */
export function allowedOrigin(origin: string | null, allowed: readonly string[]): string | null {
  if (!origin) return null;
  if (allowed.includes('*')) return '*';
  return allowed.includes(origin.toLowerCase()) ? origin : null;
}

async function originsFor(db: Database, request: Request): Promise<readonly string[]> {
  const slug = new URL(request.url).searchParams.get('organization');
  if (!slug || !request.headers.get('origin')) return [];
  return (await getOrganizationBySlug(db, slug))?.corsOrigins ?? [];
}

/** Headers for an actual request (success or error alike, so browsers can read error bodies). */
export async function publicCorsHeaders(db: Database, request: Request): Promise<Record<string, string>> {
  const origin = allowedOrigin(request.headers.get('origin'), await originsFor(db, request));
  return {
    Vary: 'Origin',
    ...(origin
      ? {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Expose-Headers': 'x-request-id, Retry-After',
        }
      : {}),
  };
}

/** OPTIONS for a public route: a preflight answer when the origin is allowed, a plain 204 otherwise. */
export function publicPreflight(methods: string[]) {
  const allow = [...methods, 'OPTIONS'].join(', ');
  return async (request?: Request): Promise<Response> => {
    const headers: Record<string, string> = { Allow: allow, Vary: 'Origin' };
    if (!request) return new Response(null, { status: 204, headers });
    const origin = allowedOrigin(request.headers.get('origin'), await originsFor(await getDb(), request));
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
}
