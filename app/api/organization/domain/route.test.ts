import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { resetEnvCache } from '@/lib/core/env';
import { getJob } from '@/lib/jobs';
import { getOrganizationBySlug, verifyCustomDomain } from '@/lib/organizations';
import { createTenant, createTestJob } from '@/test/factories';
import { call } from '@/test/http';
import { GET, PUT } from './route';

const put = (key: string, body: unknown) =>
  call(PUT, { method: 'PUT', path: '/organization/domain', apiKey: key, body });

afterEach(() => {
  delete process.env.BOARD_CNAME_TARGET;
  resetEnvCache();
});

describe('/api/organization/domain', () => {
  it('starts with none, then pending with the records to create', async () => {
    process.env.BOARD_CNAME_TARGET = 'boards.example.net';
    resetEnvCache();
    const tenant = await createTenant();
    const empty = await call(GET, { path: '/organization/domain', apiKey: tenant.key });
    expect(empty.body.data).toMatchObject({ domain: null, status: 'none', records: [] });
    const set = await put(tenant.key, { domain: 'Jobs.Example.org', verify: false });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      domain: 'jobs.example.org',
      status: 'pending',
      records: [
        { type: 'CNAME', name: 'jobs.example.org', value: 'boards.example.net' },
        {
          type: 'TXT',
          name: '_boardkit.jobs.example.org',
          value: expect.stringMatching(/^boardkit-verify=[0-9a-f]{32}$/),
        },
      ],
      cname_target: 'boards.example.net',
      verified_at: null,
      failing_since: null,
      board_url: `http://localhost:3000/b/${tenant.organization.slug}`,
    });
  });

  it('asks for no CNAME to localhost: only the TXT record, and the check says why it cannot pass', async () => {
    const tenant = await createTenant();
    const set = await put(tenant.key, { domain: 'jobs.local-app.example', verify: false });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      status: 'pending',
      cname_target: null,
      records: [{ type: 'TXT', name: '_boardkit.jobs.local-app.example' }],
    });
    expect(set.body.data.records).toHaveLength(1);
    const db = await getDb();
    const org = (await getOrganizationBySlug(db, tenant.organization.slug))!;
    await verifyCustomDomain(db, org, {
      cname: async () => ['localhost.'],
      txt: async () => [set.body.data.records[0].value],
    });
    const after = await call(GET, { path: '/organization/domain', apiKey: tenant.key });
    expect(after.body.data).toMatchObject({
      status: 'pending',
      error: expect.stringContaining('the operator must set BOARD_CNAME_TARGET'),
    });
  });

  it('refuses a host that is not one, another board’s domain, and its own hosts', async () => {
    const a = await createTenant();
    const b = await createTenant();
    expect((await put(a.key, { domain: 'https://jobs.example.org/' })).status).toBe(400);
    expect((await put(a.key, { domain: 'localhost' })).status).toBe(400);
    expect((await put(a.key, { domain: 'careers.example.net', verify: false })).status).toBe(200);
    const taken = await put(b.key, { domain: 'careers.example.net', verify: false });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict');
  });

  it('moves board_url and job urls once DNS has both records, and back when removed', async () => {
    process.env.BOARD_CNAME_TARGET = 'boards.example.net';
    resetEnvCache();
    const tenant = await createTenant();
    const db = await getDb();
    const job = await createTestJob(tenant.organization.id, { status: 'active' });
    const set = await put(tenant.key, { domain: 'work.example.io', verify: false });
    const token = set.body.data.records[1].value as string;
    const org = (await getOrganizationBySlug(db, tenant.organization.slug))!;
    const wrong = await verifyCustomDomain(db, org, { cname: async () => [], txt: async () => ['other'] });
    expect(wrong.customDomainVerifiedAt).toBeNull();
    expect(wrong.customDomainError).toMatch(/TXT _boardkit.work.example.io/);
    const right = await verifyCustomDomain(db, org, {
      cname: async () => ['boards.example.net.'],
      txt: async (host) => (host === '_boardkit.work.example.io' ? [token] : []),
    });
    expect(right.customDomainVerifiedAt).toBeInstanceOf(Date);
    const after = await call(GET, { path: '/organization/domain', apiKey: tenant.key });
    expect(after.body.data).toMatchObject({
      status: 'verified',
      board_url: 'https://work.example.io',
      error: null,
    });
    expect((await getJob(db, tenant.organization.id, job.id)).url).toBe(
      `https://work.example.io/jobs/${job.slug}`,
    );
    const removed = await put(tenant.key, { domain: null });
    expect(removed.body.data).toMatchObject({
      status: 'none',
      board_url: `http://localhost:3000/b/${tenant.organization.slug}`,
    });
  });
});
