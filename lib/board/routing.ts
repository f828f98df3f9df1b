// Which board a request is for, from its host and path: pure rules, no database (see proxy.ts).
import { env } from '@/lib/core/env';

/** Path-mode boards live under this prefix on the app's own host: `/b/{slug}/...`. */
export const BOARD_PATH_PREFIX = '/b';

/** Request headers the proxy sets for board pages (and deletes from what clients send). */
export const BOARD_BASE_HEADER = 'x-boardkit-board-base';
export const NONCE_HEADER = 'x-nonce';
/** The board's language (its organization's locale) for `<html lang>`, set on every board request. */
export const BOARD_LANG_HEADER = 'x-boardkit-board-lang';
/** Set by proxy.ts on the rewrite of an address it found missing (lib/board/address-state.ts). */
export const MISSING_HEADER = 'x-boardkit-missing';
/** Where a missing board address is rewritten: two segments, so only `[page]/[...rest]` matches. */
export const MISSING_PAGE = 'not-found/page';
/** Where an address of no board is rewritten: a path no route has, so Next.js renders app/not-found. */
export const MISSING_BOARD = '/_boardkit/no-such-board';

/** `<html lang>` for a page: the board's locale as a canonical BCP 47 tag, else English. */
export function documentLanguage(locale: string | null | undefined): string {
  if (!locale) return 'en';
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

export type HostKind =
  | { kind: 'app' }
  | { kind: 'subdomain'; slug: string }
  | { kind: 'custom'; host: string };

/** A host name without port, lowercased. */
export function hostName(hostHeader: string | null): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  const bracket = host.startsWith('[') ? host.indexOf(']') : -1;
  if (bracket >= 0) return host.slice(0, bracket + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

const ipv4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The app's own host, local names and addresses serve the app (and path-mode boards); a subdomain
 * of BOARD_ROOT_DOMAIN is that slug's board; any other host may be a verified custom domain.
 */
export function classifyHost(hostHeader: string | null): HostKind {
  const host = hostName(hostHeader);
  const config = env();
  const root = config.BOARD_ROOT_DOMAIN;
  if (root && host.endsWith(`.${root}`)) {
    const label = host.slice(0, -root.length - 1);
    if (label && !label.includes('.') && label !== 'www') return { kind: 'subdomain', slug: label };
  }
  const appHost = new URL(config.APP_URL).hostname.toLowerCase();
  const local = host === 'localhost' || ipv4.test(host) || host.startsWith('[');
  if (!host || local || host === appHost || host === root || (root && host.endsWith(`.${root}`))) {
    return { kind: 'app' };
  }
  return { kind: 'custom', host };
}

/** `/b/acme/jobs/x` → `{ slug: 'acme', rest: '/jobs/x' }`; undefined outside the prefix. */
export function parseBoardPath(pathname: string): { slug: string; rest: string } | undefined {
  const match = /^\/b\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match) return undefined;
  return { slug: decodeURIComponent(match[1]!).toLowerCase(), rest: match[2] ?? '/' };
}

/** A job page path inside a board: `/jobs/{slug}` (not `/jobs/{slug}/apply`). */
export function jobSlugOfPath(rest: string): string | undefined {
  const match = /^\/jobs\/([^/]+)\/?$/.exec(rest);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
