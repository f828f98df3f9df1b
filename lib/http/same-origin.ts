// Whether a browser sent a request from a page of the same origin. Cookies marked SameSite=Lax still
// ride along on a POST from a *same-site* page (another port, a sibling board subdomain), so a form
// that acts as the signed-in visitor checks the origin itself, as Next.js does for server actions.

/**
 * False when the browser says the request came from another origin: `Sec-Fetch-Site` other than
 * same-origin (or none: typed, bookmarked), else an `Origin` whose host is not this request's host.
 * A request with neither header is not from a browser, so it carries no visitor's cookies by itself.
 * The host is X-Forwarded-Host where a proxy vouches for it: `npm start` drops it otherwise
 * (lib/http/node-listener.mjs), and Vercel sets it itself.
 */
export function fromSameOrigin(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = headers.get('origin');
  if (!origin) return true;
  try {
    return new URL(origin).host === (headers.get('x-forwarded-host') ?? headers.get('host'));
  } catch {
    return false;
  }
}
