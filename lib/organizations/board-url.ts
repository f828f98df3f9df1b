import { eq } from 'drizzle-orm';
import { organizations } from '@/db/schema';
import { env } from '@/lib/core/env';
import { notFound } from '@/lib/core/errors';
import type { Db } from '@/lib/core/transaction';

/** What decides where an organization's board lives. */
export interface BoardAddress {
  slug: string;
  customDomain: string | null;
  customDomainVerifiedAt: Date | null;
}

/** The app's own base URL, without a trailing slash. */
export function appUrl(): string {
  return env().APP_URL.replace(/\/+$/, '');
}

/**
 * The board's base URL, absolute and without a trailing slash: a verified custom domain, else a
 * subdomain of BOARD_ROOT_DOMAIN, else path mode `{APP_URL}/b/{slug}` (needs no DNS at all).
 */
export function boardUrl(org: BoardAddress): string {
  return boardUrlFor(org.slug, org.customDomainVerifiedAt ? org.customDomain : null);
}

/** `boardUrl` from the slug and the custom domain when (and only when) it is verified. */
export function boardUrlFor(slug: string, verifiedDomain: string | null): string {
  if (verifiedDomain) return `https://${verifiedDomain}`;
  const root = env().BOARD_ROOT_DOMAIN;
  if (root) return `https://${slug}.${root}`;
  return `${appUrl()}/b/${slug}`;
}

export async function boardUrlOf(db: Db, orgId: number): Promise<string> {
  const [org] = await db
    .select({
      slug: organizations.slug,
      customDomain: organizations.customDomain,
      customDomainVerifiedAt: organizations.customDomainVerifiedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  if (!org) throw notFound('Organization');
  return boardUrl(org);
}
