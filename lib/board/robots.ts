// robots.txt: a board's own (at its root in host mode, under /b/{slug} in path mode) and the app
// host's. Crawlers read only the file at a host's root, so in path mode the app's /robots.txt is the
// one that counts: it carries every path-mode board's rules (by wildcard) and sitemap.
import { asc } from 'drizzle-orm';
import { organizations } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { appUrl, boardUrl } from '@/lib/organizations';
import { BOARD_PATH_PREFIX } from './routing';

/** Paths inside a board that crawlers are asked to leave alone: the apply steps of every job. */
const PRIVATE_PATHS = ['/jobs/*/apply', '/jobs/*/applied'];

/**
 * A board's robots.txt. `base` is where its paths start on the host it is read from: '' on its own
 * host, `/b/{slug}` on the app's.
 */
export function boardRobotsTxt(base: string, sitemapUrl: string): string {
  return [
    'User-agent: *',
    `Allow: ${base || '/'}`,
    ...PRIVATE_PATHS.map((path) => `Disallow: ${base}${path}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}

/** The board URLs that live on the app's own host (`{APP_URL}/b/{slug}`), by organization id. */
export async function pathModeBoardUrls(db: Db): Promise<string[]> {
  const rows = await db
    .select({
      slug: organizations.slug,
      customDomain: organizations.customDomain,
      customDomainVerifiedAt: organizations.customDomainVerifiedAt,
    })
    .from(organizations)
    .orderBy(asc(organizations.id));
  const prefix = `${appUrl()}${BOARD_PATH_PREFIX}/`;
  return rows.map(boardUrl).filter((url) => url.startsWith(prefix));
}

/**
 * The app host's robots.txt: the boards' rules for every board under `/b/` (a wildcard stands for
 * the slug), and the sitemap of each board whose canonical address is on this host. Boards on their
 * own host (subdomain or verified domain) are listed in their own robots.txt instead.
 */
export async function appRobotsTxt(db: Db): Promise<string> {
  const sitemaps = await pathModeBoardUrls(db);
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${BOARD_PATH_PREFIX}/*${path}`),
    '',
    ...sitemaps.map((url) => `Sitemap: ${url}/sitemap.xml`),
    '',
  ].join('\n');
}
