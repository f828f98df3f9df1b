// Response headers for every page and API answer, applied in next.config.ts. No imports: the
// Next config loads this file on its own.

/** Where the OAuth sign-in forms redirect to (CSP form-action also governs those redirects). */
const OAUTH_HOSTS = ['https://github.com', 'https://accounts.google.com'];
/** The rich-text YouTube node embeds from these (lib/content/policy.ts YOUTUBE_HOSTS). */
const YOUTUBE_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

export interface SecurityHeaderOptions {
  /** `next dev`: React Refresh evaluates code, so scripts may use eval there and only there. */
  development?: boolean;
  /** CONTENT_IFRAME_HOSTS: further hosts whose iframes page content may embed. */
  iframeHosts?: readonly string[];
  /**
   * A per-request nonce (the board, set by proxy.ts): scripts must carry it, and no inline script
   * runs without it. Next.js reads it from the request's policy and puts it on its own scripts.
   */
  nonce?: string;
  /** Further origins scripts may send to (the board's analytics beacons go to the app's origin). */
  connectOrigins?: readonly string[];
  /**
   * Hashes of every inline script of a page served from the board's page cache (the same bytes
   * for every visitor, so no nonce): only those inline scripts run, and scripts from 'self'.
   */
  scriptHashes?: readonly string[];
  /**
   * Who may frame the page: `'none'` unless given. Only the board's jobs widget is given others
   * (its owner's listed origins, by proxy.ts).
   */
  frameAncestors?: readonly string[];
}

/**
 * The board's jobs widget document, `/b/{slug}/embed` or `/embed` on a board's own host, as a path
 * pattern without its leading slash: the one page other sites may frame. next.config.ts leaves the
 * framing headers (X-Frame-Options and the CSP) of these paths to proxy.ts, which gives the widget
 * its owner's frame-ancestors and refuses framing of anything else answered there.
 */
export const WIDGET_PATH = '(?:b/[^/]+/)?embed';

/** Whether a request path is a widget path (case-insensitive, as next.config.ts matches it). */
export function isWidgetPath(pathname: string): boolean {
  return new RegExp(`^/${WIDGET_PATH}$`, 'i').test(pathname);
}

/**
 * Content-Security-Policy. The board's pages carry a per-request nonce, or the hashes of their
 * inline scripts when served from the page cache; elsewhere scripts stay 'self' plus inline, because Next.js inlines its bootstrap and
 * flight data and a nonce would make every static page dynamic. Images may come from any
 * https host (a board's CDN, Vercel Blob, images in job content). Nothing may frame a Boardkit
 * page (frame-ancestors 'none'), the dashboard and the board alike, but the board's jobs widget for
 * the origins its owner listed.
 */
export function contentSecurityPolicy({
  development = false,
  iframeHosts = [],
  nonce,
  connectOrigins = [],
  scriptHashes,
  frameAncestors = ["'none'"],
}: SecurityHeaderOptions = {}) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'"] : (scriptHashes ?? ["'unsafe-inline'"])),
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectOrigins, ...(development ? ['ws:'] : [])],
    'media-src': ["'self'", 'https:'],
    'frame-src': ["'self'", ...YOUTUBE_ORIGINS, ...iframeHosts.map((host) => `https://${host}`)],
    'frame-ancestors': [...frameAncestors],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...OAUTH_HOSTS],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export const FRAME_OPTIONS = { key: 'X-Frame-Options', value: 'DENY' } as const;

/** Headers for every answer but the policy, which next.config.ts sets where no route sets its own. */
export function securityHeaders(): { key: string; value: string }[] {
  return [
    FRAME_OPTIONS,
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    // Browsers heed it only over https, where it keeps every later visit on https.
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  ];
}
