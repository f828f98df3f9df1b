import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Organization, organizations } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { env } from '@/lib/core/env';
import { AppError } from '@/lib/core/errors';
import { transaction } from '@/lib/core/transaction';
import { appUrl, boardUrl } from './board-url';
import type { DomainOut } from './schemas';

/** The DNS lookups a verification makes; tests pass their own. */
export interface DomainResolver {
  cname(host: string): Promise<string[]>;
  txt(host: string): Promise<string[]>;
}

// One try of 3 s per lookup: a PUT waits for DNS, and a missing record should not hold it long.
const dns = new Resolver({ timeout: 3_000, tries: 1 });

export const systemResolver: DomainResolver = {
  cname: (host) => dns.resolveCname(host).catch(() => []),
  txt: async (host) => (await dns.resolveTxt(host).catch(() => [])).map((chunks) => chunks.join('')),
};

/**
 * How long a verified domain whose records stopped checking out keeps serving the board (`failing`)
 * before it drops back to `pending`: long enough to fix a DNS slip without the board vanishing from
 * its address (and from search engines' index), short enough not to serve a domain someone gave up.
 */
export const DOMAIN_GRACE_MS = 72 * 60 * 60 * 1000;

const isIpOrLocal = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.includes(':');

/**
 * The host a custom domain's CNAME should name: BOARD_CNAME_TARGET, else APP_URL's host, unless that
 * is an IP address or localhost (a CNAME names a host, and no one else can reach localhost): then
 * null, and the operator has to set BOARD_CNAME_TARGET.
 */
export function cnameTarget(): string | null {
  const configured = env().BOARD_CNAME_TARGET;
  const host = (configured ?? new URL(appUrl()).hostname).toLowerCase().replace(/\.$/, '');
  return configured || !isIpOrLocal(host) ? host : null;
}

export const NO_CNAME_TARGET =
  'No CNAME target is configured: the operator must set BOARD_CNAME_TARGET (this server’s APP_URL is an IP address or localhost).';

const verificationHost = (domain: string) => `_boardkit.${domain}`;
const verificationValue = (token: string) => `boardkit-verify=${token}`;

/** not configured → pending (never verified) → verified → failing (a check failed; still served) → pending. */
function domainStatus(org: Organization): DomainOut['status'] {
  if (!org.customDomain) return 'none';
  if (!org.customDomainVerifiedAt) return 'pending';
  return org.customDomainFailingSince ? 'failing' : 'verified';
}

export function toDomainOut(org: Organization): DomainOut {
  const domain = org.customDomain;
  const target = cnameTarget();
  const failingSince = org.customDomainVerifiedAt ? org.customDomainFailingSince : null;
  return {
    domain,
    status: domainStatus(org),
    records: domain
      ? [
          ...(target ? [{ type: 'CNAME' as const, name: domain, value: target }] : []),
          {
            type: 'TXT' as const,
            name: verificationHost(domain),
            value: verificationValue(org.customDomainToken ?? ''),
          },
        ]
      : [],
    cname_target: target,
    verified_at: org.customDomainVerifiedAt?.toISOString() ?? null,
    checked_at: org.customDomainCheckedAt?.toISOString() ?? null,
    failing_since: failingSince?.toISOString() ?? null,
    grace_ends_at: failingSince ? new Date(failingSince.getTime() + DOMAIN_GRACE_MS).toISOString() : null,
    error: org.customDomainError,
    board_url: boardUrl(org),
  };
}

/** Sets (or with null removes) the custom domain; a new domain starts unverified with a new token. */
export async function setCustomDomain(
  db: Database,
  org: Organization,
  domain: string | null,
): Promise<Organization> {
  if (domain === org.customDomain) return org;
  const root = env().BOARD_ROOT_DOMAIN;
  if (
    domain &&
    (domain === new URL(appUrl()).hostname || (root && (domain === root || domain.endsWith(`.${root}`))))
  )
    throw new AppError(
      'validation_error',
      `'${domain}' is one of Boardkit's own hosts; use a domain you own.`,
      [
        {
          location: 'body',
          field: 'domain',
          path: ['domain'],
          code: 'invalid_value',
          message: 'Not a domain you own',
        },
      ],
    );
  try {
    return await transaction(db, async (tx) => {
      const [updated] = await tx
        .update(organizations)
        .set({
          customDomain: domain,
          customDomainToken: domain ? randomBytes(16).toString('hex') : null,
          customDomainVerifiedAt: null,
          customDomainCheckedAt: null,
          customDomainError: null,
          customDomainFailingSince: null,
        })
        .where(eq(organizations.id, org.id))
        .returning();
      await bumpRevision(tx, org.id);
      return updated!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', `The domain '${domain}' is already used by another board.`);
    throw error;
  }
}

/**
 * Looks the records up. Verified needs the TXT token (proof of ownership: a CNAME alone would let
 * anyone claim a domain that already points here) and a CNAME to the app. A failed check of a verified
 * domain makes it `failing`: the board stays on it for DOMAIN_GRACE_MS from the first failure, then
 * the domain is unverified (`pending`) and the board returns to its default address.
 */
export async function verifyCustomDomain(
  db: Database,
  org: Organization,
  resolver: DomainResolver = systemResolver,
  now = new Date(),
): Promise<Organization> {
  const domain = org.customDomain;
  if (!domain || !org.customDomainToken) return org;
  const [txt, cname] = await Promise.all([resolver.txt(verificationHost(domain)), resolver.cname(domain)]);
  const target = cnameTarget();
  const problems: string[] = [];
  if (!txt.includes(verificationValue(org.customDomainToken)))
    problems.push(
      `TXT ${verificationHost(domain)} not found or has another value (found: ${txt.join(', ') || 'none'})`,
    );
  if (!target) problems.push(NO_CNAME_TARGET);
  else if (!cname.some((name) => name.toLowerCase().replace(/\.$/, '') === target))
    problems.push(`CNAME ${domain} does not point to ${target} (found: ${cname.join(', ') || 'none'})`);
  return transaction(db, async (tx) => {
    // Only for the domain and token looked up: one set while DNS answered starts over untouched.
    const [updated] = await tx
      .update(organizations)
      .set({ customDomainCheckedAt: now, ...checkOutcome(org, problems, now) })
      .where(
        and(
          eq(organizations.id, org.id),
          eq(organizations.customDomain, domain),
          eq(organizations.customDomainToken, org.customDomainToken!),
        ),
      )
      .returning();
    if (!updated) {
      const [current] = await tx.select().from(organizations).where(eq(organizations.id, org.id));
      return current ?? org;
    }
    await bumpRevision(tx, org.id);
    return updated;
  });
}

function checkOutcome(org: Organization, problems: string[], now: Date): Partial<Organization> {
  if (!problems.length)
    return {
      customDomainError: null,
      customDomainVerifiedAt: org.customDomainVerifiedAt ?? now,
      customDomainFailingSince: null,
    };
  const error = problems.join('; ');
  if (!org.customDomainVerifiedAt) return { customDomainError: error, customDomainFailingSince: null };
  const since = org.customDomainFailingSince ?? now;
  return now.getTime() - since.getTime() >= DOMAIN_GRACE_MS
    ? { customDomainError: error, customDomainVerifiedAt: null, customDomainFailingSince: null }
    : { customDomainError: error, customDomainFailingSince: since };
}
