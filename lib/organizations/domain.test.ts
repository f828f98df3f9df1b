import { eq, isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type Organization, organizations } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import { createTenant } from '@/test/factories';
import {
  cnameTarget,
  DOMAIN_GRACE_MS,
  type DomainResolver,
  NO_CNAME_TARGET,
  setCustomDomain,
  toDomainOut,
  verifyCustomDomain,
} from './domain';
import { RECHECK_UNSETTLED_MS, RECHECK_VERIFIED_MS, recheckDueDomains } from './domain-recheck';

const HOUR = 60 * 60 * 1000;

function useEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

afterEach(() => useEnv({ BOARD_CNAME_TARGET: undefined, APP_URL: undefined }));

/** DNS as the owner set it up: both records right, or with `broken` the TXT record gone. */
function dnsOf(org: Organization, { broken = false } = {}): DomainResolver {
  return {
    cname: async () => ['boards.example.net.'],
    txt: async (host) =>
      !broken && host === `_boardkit.${org.customDomain}` ? [`boardkit-verify=${org.customDomainToken}`] : [],
  };
}

async function domainOrg(domain: string) {
  const { organization } = await createTenant();
  return setCustomDomain(await getDb(), organization, domain);
}

describe('custom domain states', () => {
  it('goes pending → verified → failing (still served) → verified again', async () => {
    useEnv({ BOARD_CNAME_TARGET: 'boards.example.net' });
    const db = await getDb();
    const start = new Date('2026-11-01T10:00:00Z');
    const org = await domainOrg('careers.states-1.example');
    expect(toDomainOut(org)).toMatchObject({ status: 'pending', error: null, failing_since: null });

    const missing = await verifyCustomDomain(db, org, dnsOf(org, { broken: true }), start);
    expect(toDomainOut(missing)).toMatchObject({ status: 'pending', failing_since: null });
    expect(missing.customDomainError).toMatch(/^TXT _boardkit\.careers\.states-1\.example not found/);

    const verified = await verifyCustomDomain(db, missing, dnsOf(org), start);
    expect(toDomainOut(verified)).toMatchObject({
      status: 'verified',
      error: null,
      verified_at: start.toISOString(),
      board_url: 'https://careers.states-1.example',
    });

    const broke = new Date(start.getTime() + 5 * HOUR);
    const failing = await verifyCustomDomain(db, verified, dnsOf(org, { broken: true }), broke);
    expect(toDomainOut(failing)).toMatchObject({
      status: 'failing',
      failing_since: broke.toISOString(),
      grace_ends_at: new Date(broke.getTime() + DOMAIN_GRACE_MS).toISOString(),
      // Served there through the grace period: links keep pointing at the domain.
      board_url: 'https://careers.states-1.example',
      verified_at: start.toISOString(),
    });
    expect(failing.customDomainError).toMatch(/TXT _boardkit/);

    // A later failed check within the grace period keeps the first failure's time.
    const stillFailing = await verifyCustomDomain(
      db,
      failing,
      dnsOf(org, { broken: true }),
      new Date(broke.getTime() + 24 * HOUR),
    );
    expect(toDomainOut(stillFailing)).toMatchObject({
      status: 'failing',
      failing_since: broke.toISOString(),
    });

    const fixed = await verifyCustomDomain(
      db,
      stillFailing,
      dnsOf(org),
      new Date(broke.getTime() + 30 * HOUR),
    );
    expect(toDomainOut(fixed)).toMatchObject({
      status: 'verified',
      failing_since: null,
      grace_ends_at: null,
      error: null,
      verified_at: start.toISOString(),
    });
  });

  it('after the grace period a failing domain drops back to pending and the board leaves it', async () => {
    useEnv({ BOARD_CNAME_TARGET: 'boards.example.net' });
    const db = await getDb();
    const start = new Date('2026-11-01T10:00:00Z');
    const org = await domainOrg('careers.states-2.example');
    const verified = await verifyCustomDomain(db, org, dnsOf(org), start);
    const failing = await verifyCustomDomain(db, verified, dnsOf(org, { broken: true }), start);
    const justBefore = await verifyCustomDomain(
      db,
      failing,
      dnsOf(org, { broken: true }),
      new Date(start.getTime() + DOMAIN_GRACE_MS - 1),
    );
    expect(toDomainOut(justBefore).status).toBe('failing');

    const lapsed = await verifyCustomDomain(
      db,
      justBefore,
      dnsOf(org, { broken: true }),
      new Date(start.getTime() + DOMAIN_GRACE_MS),
    );
    expect(toDomainOut(lapsed)).toMatchObject({
      status: 'pending',
      verified_at: null,
      failing_since: null,
      board_url: expect.stringMatching(/\/b\/tenant-/),
    });
    expect(lapsed.customDomainError).toMatch(/TXT _boardkit/);
  });

  it('a new domain starts over as pending, whatever the old one was', async () => {
    useEnv({ BOARD_CNAME_TARGET: 'boards.example.net' });
    const db = await getDb();
    const org = await domainOrg('careers.states-3.example');
    const failing = await verifyCustomDomain(
      db,
      await verifyCustomDomain(db, org, dnsOf(org)),
      dnsOf(org, { broken: true }),
    );
    expect(toDomainOut(failing).status).toBe('failing');
    const other = await setCustomDomain(db, failing, 'careers.states-3b.example');
    expect(toDomainOut(other)).toMatchObject({ status: 'pending', failing_since: null, error: null });
  });
});

describe('the CNAME target', () => {
  it('is BOARD_CNAME_TARGET, else the APP_URL host when that is a name', () => {
    useEnv({ BOARD_CNAME_TARGET: 'Boards.Example.net.', APP_URL: 'http://127.0.0.1:3000' });
    expect(cnameTarget()).toBe('boards.example.net');
    useEnv({ BOARD_CNAME_TARGET: undefined, APP_URL: 'https://jobs-app.example.com' });
    expect(cnameTarget()).toBe('jobs-app.example.com');
  });

  it.each(['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000', 'http://app.localhost'])(
    'is none for %s: only the TXT record is asked for, and the check says why it cannot pass',
    async (appUrl) => {
      useEnv({ BOARD_CNAME_TARGET: undefined, APP_URL: appUrl });
      expect(cnameTarget()).toBeNull();
      const db = await getDb();
      const org = await domainOrg(`careers.${new URL(appUrl).port || 'x'}-${Date.now()}.example`);
      const out = toDomainOut(org);
      expect(out.cname_target).toBeNull();
      expect(out.records.map((record) => record.type)).toEqual(['TXT']);
      const checked = await verifyCustomDomain(db, org, dnsOf(org));
      expect(toDomainOut(checked).status).toBe('pending');
      expect(checked.customDomainError).toBe(NO_CNAME_TARGET);
    },
  );
});

describe('the scheduled re-check', () => {
  /** DNS for every domain: right for those in `good`, nothing for the rest. */
  const dnsFor = (orgs: Organization[], good: Set<string>): DomainResolver => ({
    cname: async () => ['boards.example.net.'],
    txt: async (host) => {
      const org = orgs.find((one) => host === `_boardkit.${one.customDomain}`);
      return org && good.has(org.customDomain!) ? [`boardkit-verify=${org.customDomainToken}`] : [];
    },
  });
  const statusOf = async (id: number) => {
    const db = await getDb();
    const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
    return toDomainOut(row!).status;
  };

  it('checks due domains by state: pending and failing every 10 minutes, verified hourly', async () => {
    useEnv({ BOARD_CNAME_TARGET: 'boards.example.net' });
    const db = await getDb();
    // Domains of earlier tests are due too: the sweep checks every due domain of the database.
    await db.update(organizations).set({ customDomain: null }).where(isNotNull(organizations.customDomain));
    const start = new Date('2026-11-02T10:00:00Z');
    const pending = await domainOrg('careers.sweep-1.example');
    const second = await domainOrg('careers.sweep-2.example');
    const orgs = [pending, second];
    const verified = await verifyCustomDomain(
      db,
      second,
      dnsFor(orgs, new Set([second.customDomain!])),
      start,
    );
    expect(toDomainOut(verified).status).toBe('verified');
    // Now the pending domain's records appear, and the verified one's break.
    const dns = dnsFor(orgs, new Set([pending.customDomain!]));

    // Never checked: due at once. Verified and checked now: not due.
    expect(await recheckDueDomains(db, { resolver: dns, now: start })).toBe(1);
    expect(await statusOf(pending.id)).toBe('verified');
    expect(await statusOf(verified.id)).toBe('verified');

    // An hour on, both are due; the broken one becomes failing, still served.
    const hour = new Date(start.getTime() + RECHECK_VERIFIED_MS);
    expect(await recheckDueDomains(db, { resolver: dns, now: hour })).toBe(2);
    expect(await statusOf(verified.id)).toBe('failing');
    // Failing: looked at again within 10 minutes, not before.
    expect(await recheckDueDomains(db, { resolver: dns, now: new Date(hour.getTime() + 60_000) })).toBe(0);
    const later = new Date(hour.getTime() + RECHECK_UNSETTLED_MS);
    expect(await recheckDueDomains(db, { resolver: dns, now: later })).toBe(1);
    // Past the grace period (both are due by then) the sweep returns it to pending by itself.
    const lapsed = new Date(hour.getTime() + DOMAIN_GRACE_MS + RECHECK_UNSETTLED_MS);
    expect(await recheckDueDomains(db, { resolver: dns, now: lapsed })).toBe(2);
    expect(await statusOf(verified.id)).toBe('pending');
  });

  it('leaves a domain changed while its DNS was being looked up as the owner set it', async () => {
    useEnv({ BOARD_CNAME_TARGET: 'boards.example.net' });
    const db = await getDb();
    const org = await domainOrg('careers.sweep-3.example');
    const slow: DomainResolver = {
      cname: async () => ['boards.example.net.'],
      txt: async () => {
        await setCustomDomain(db, org, 'careers.sweep-3b.example');
        return [`boardkit-verify=${org.customDomainToken}`];
      },
    };
    const after = await verifyCustomDomain(db, org, slow);
    expect(toDomainOut(after)).toMatchObject({
      domain: 'careers.sweep-3b.example',
      status: 'pending',
      error: null,
    });
  });
});
