import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
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
