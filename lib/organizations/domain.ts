import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { eq } from 'drizzle-orm';
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

const systemResolver: DomainResolver = {
  cname: (host) => dns.resolveCname(host).catch(() => []),
  txt: async (host) => (await dns.resolveTxt(host).catch(() => [])).map((chunks) => chunks.join('')),
};

/** The host a custom domain's CNAME should name. */
export function cnameTarget(): string {
  return (env().BOARD_CNAME_TARGET ?? new URL(appUrl()).hostname).toLowerCase().replace(/\.$/, '');
}

const verificationHost = (domain: string) => `_boardkit.${domain}`;
const verificationValue = (token: string) => `boardkit-verify=${token}`;

export function toDomainOut(org: Organization): DomainOut {
  const domain = org.customDomain;
  return {
    domain,
    status: !domain
      ? 'none'
      : org.customDomainVerifiedAt
        ? 'verified'
        : org.customDomainError
          ? 'failed'
          : 'pending',
    records: domain
      ? [
          { type: 'CNAME', name: domain, value: cnameTarget() },
          {
            type: 'TXT',
            name: verificationHost(domain),
            value: verificationValue(org.customDomainToken ?? ''),
          },
        ]
      : [],
    verified_at: org.customDomainVerifiedAt?.toISOString() ?? null,
    checked_at: org.customDomainCheckedAt?.toISOString() ?? null,
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
 * anyone claim a domain that already points here) and a CNAME to the app.
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
  if (!cname.some((name) => name.toLowerCase().replace(/\.$/, '') === target))
    problems.push(`CNAME ${domain} does not point to ${target} (found: ${cname.join(', ') || 'none'})`);
  return transaction(db, async (tx) => {
    const [updated] = await tx
      .update(organizations)
      .set({
        customDomainCheckedAt: now,
        customDomainError: problems.length ? problems.join('; ') : null,
        customDomainVerifiedAt: problems.length ? null : (org.customDomainVerifiedAt ?? now),
      })
      .where(eq(organizations.id, org.id))
      .returning();
    await bumpRevision(tx, org.id);
    return updated!;
  });
}
