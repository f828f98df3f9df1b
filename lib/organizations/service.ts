import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  type MembershipRole,
  memberships,
  type Organization,
  organizations,
  type RateLimitOverrides,
} from '@/db/schema';
import { bumpRevision, organizationCacheFor, organizationChanged } from '@/lib/cache';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError } from '@/lib/core/errors';
import { slugify } from '@/lib/core/slug';
import type { Db } from '@/lib/core/transaction';
import { transaction } from '@/lib/core/transaction';
import { boardUrl } from './board-url';
import type { BoardLookInput, OrganizationOut } from './schemas';

export function toOrganizationOut(org: Organization): OrganizationOut {
  const look = org.board ?? {};
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    board_url: boardUrl(org),
    locale: org.locale,
    members: {
      employers_need_approval: org.employersNeedApproval,
      candidates_need_approval: org.candidatesNeedApproval,
    },
    embed_origins: org.embedOrigins,
    board: {
      logo_url: look.logo_url ?? null,
      accent_color: look.accent_color ?? null,
      tagline: look.tagline ?? null,
      footer_text: look.footer_text ?? null,
      nav_links: look.nav_links ?? [],
    },
    created_at: org.createdAt.toISOString(),
  };
}

/**
 * PATCH /organization: the name, locale, the board's look, member approval and the widget's framing
 * origins; fields left out keep their value.
 */
export async function updateOrganizationSettings(
  db: Database,
  org: Organization,
  changes: {
    name?: string;
    locale?: string;
    board?: BoardLookInput;
    members?: { employers_need_approval?: boolean; candidates_need_approval?: boolean };
    embed_origins?: string[];
  },
): Promise<Organization> {
  const values = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
    ...(changes.members?.employers_need_approval !== undefined
      ? { employersNeedApproval: changes.members.employers_need_approval }
      : {}),
    ...(changes.members?.candidates_need_approval !== undefined
      ? { candidatesNeedApproval: changes.members.candidates_need_approval }
      : {}),
    ...(changes.board !== undefined ? { board: { ...org.board, ...changes.board } } : {}),
    ...(changes.embed_origins !== undefined ? { embedOrigins: changes.embed_origins } : {}),
  };
  // `{"members": {}}` names no field: nothing to write, and an empty SET is not SQL.
  if (Object.keys(values).length === 0) return org;
  return transaction(db, async (tx) => {
    const [updated] = await tx
      .update(organizations)
      .set(values)
      .where(eq(organizations.id, org.id))
      .returning();
    if (!updated) throw new AppError('not_found', 'Organization not found.');
    // The board's every page shows the name and look; a cached widget answers under its origins.
    await bumpRevision(tx, org.id);
    return updated;
  });
}

export interface NewOrganization {
  name: string;
  /** Taken as given (a clash is a conflict); when omitted one is derived from the name. */
  slug?: string;
  owner?: { userId: string; role?: MembershipRole };
}

export async function createOrganization(db: Db, input: NewOrganization): Promise<Organization> {
  const base = input.slug ?? (slugify(input.name, 40) || 'board');
  for (let attempt = 0; attempt < 20; attempt++) {
    const slug = input.slug || attempt === 0 ? base : `${base}-${attempt + 1}`;
    try {
      // A savepoint keeps a slug clash from aborting the caller's transaction.
      return await transaction(db, async (tx) => {
        const [org] = await tx.insert(organizations).values({ name: input.name, slug }).returning();
        if (input.owner) {
          await tx.insert(memberships).values({
            organizationId: org!.id,
            userId: input.owner.userId,
            role: input.owner.role ?? 'owner',
          });
        }
        return org!;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.slug) throw new AppError('conflict', `The organization slug '${slug}' is already taken.`);
    }
  }
  throw new AppError('conflict', `Could not find a free slug for '${input.name}'.`);
}

export async function getOrganizationBySlug(db: Database, slug: string): Promise<Organization | undefined> {
  const [org] = await db.select().from(organizations).where(eq(organizations.slug, slug)).limit(1);
  return org;
}

/**
 * The same, from memory while the database's change feed is live (see FeedCache): for the board's
 * beacons, which arrive by the thousand and may see a change a few milliseconds after it commits.
 */
export async function cachedOrganizationBySlug(
  db: Database,
  slug: string,
): Promise<Organization | undefined> {
  const cache = organizationCacheFor(db);
  const cached = await cache?.get(slug);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const org = await getOrganizationBySlug(db, slug);
  if (org) void cache?.set(slug, org, generation);
  return org;
}

export async function updateOrganization(
  db: Database,
  orgId: number,
  changes: { name: string; slug: string; locale?: string },
): Promise<Organization> {
  try {
    return await transaction(db, async (tx) => {
      const [org] = await tx
        .update(organizations)
        .set(changes)
        .where(eq(organizations.id, orgId))
        .returning();
      if (!org) throw new AppError('not_found', 'Organization not found.');
      // A new slug moves a path-mode board, so every cached job and page URL changes.
      await bumpRevision(tx, orgId);
      return org;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', `The slug '${changes.slug}' is already taken.`);
    throw error;
  }
}

/** The origins browsers may call the keyless public routes from (public CMS reads and submissions). */
export async function setCorsOrigins(db: Database, orgId: number, origins: string[]): Promise<Organization> {
  const [org] = await db
    .update(organizations)
    .set({ corsOrigins: origins })
    .where(eq(organizations.id, orgId))
    .returning();
  if (!org) throw new AppError('not_found', 'Organization not found.');
  await organizationChanged(db, orgId);
  return org;
}

/** Per-key rate limits of the organization (admin CLI); null restores the defaults. */
export async function setRateLimits(
  db: Database,
  orgId: number,
  limits: RateLimitOverrides | null,
): Promise<void> {
  await db.update(organizations).set({ rateLimits: limits }).where(eq(organizations.id, orgId));
  await organizationChanged(db, orgId);
}

/** The origins allowed to call a keyless route for the organization named by `?organization=<slug>`. */
export async function requestedOrganizationCorsOrigins(db: Database, request: Request): Promise<string[]> {
  const slug = new URL(request.url).searchParams.get('organization');
  return slug ? ((await getOrganizationBySlug(db, slug))?.corsOrigins ?? []) : [];
}
