import { describe, expect, it } from 'vitest';
import { POST as setSecret } from '@/app/api/secrets/route';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { GET, PUT } from './route';

const read = (key: string) => call(GET, { path: '/organization/payments', apiKey: key });
const put = (key: string, body: unknown) =>
  call(PUT, { method: 'PUT', path: '/organization/payments', apiKey: key, body });

describe('GET and PUT /api/organization/payments', () => {
  it('starts with no provider and USD, and shows where Stripe should send events', async () => {
    const { key, organization } = await createTenant();
    const answer = await read(key);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      provider: null,
      secret_key: null,
      webhook_secret: null,
      currency: 'USD',
      paid_jobs_need_approval: false,
      paywall: null,
      webhook_url: `http://localhost:3000/api/organization/payments/webhook?organization=${organization.slug}`,
      updated_at: null,
    });
  });

  it('takes keys only as references to secrets that exist, and never returns their values', async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    await call(setSecret, {
      method: 'POST',
      path: '/secrets',
      apiKey: key,
      body: { name: 'sk', value: 'sk_live_value-123' },
    });
    await call(setSecret, {
      method: 'POST',
      path: '/secrets',
      apiKey: key,
      body: { name: 'whsec', value: 'whsec_value-456' },
    });

    const plain = await put(key, {
      provider: 'stripe',
      secret_key: 'sk_live_value-123',
      webhook_secret: 'vault:whsec',
    });
    expect(plain.status).toBe(400);
    expect(plain.body.error.details[0].field).toBe('secret_key');
    const missing = await put(key, {
      provider: 'stripe',
      secret_key: 'vault:nope',
      webhook_secret: 'vault:whsec',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('nope');
    expect((await put(key, { provider: 'stripe', secret_key: 'vault:sk' })).status).toBe(400);
    // Another organization's vault is not this one's.
    expect(
      (await put(other.key, { provider: 'stripe', secret_key: 'vault:sk', webhook_secret: 'vault:whsec' }))
        .status,
    ).toBe(400);

    const saved = await put(key, {
      provider: 'stripe',
      secret_key: 'vault:sk',
      webhook_secret: 'vault:whsec',
      currency: 'eur',
      paywall: { jobs_preview_count: 5, apply: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      provider: 'stripe',
      secret_key: 'vault:sk',
      webhook_secret: 'vault:whsec',
      currency: 'EUR',
      paywall: { jobs_preview_count: 5, apply: true, members_only_posts: false },
      updated_at: expect.any(String),
    });
    const again = await read(key);
    expect(JSON.stringify(again.body)).not.toContain('sk_live_value-123');
    expect(JSON.stringify(again.body)).not.toContain('whsec_value-456');
    // Left-out fields keep their value; null turns payments off.
    expect((await put(key, { provider: 'local' })).body.data).toMatchObject({
      provider: 'local',
      currency: 'EUR',
      secret_key: 'vault:sk',
    });
    expect((await put(key, { provider: null, paywall: null })).body.data).toMatchObject({
      provider: null,
      paywall: null,
    });
    expect((await read(other.key)).body.data.provider).toBeNull();
  });

  it('answers 400 for unknown providers, currencies and fields', async () => {
    const { key } = await createTenant();
    for (const body of [
      {},
      { provider: 'paypal' },
      { provider: 'local', currency: 'XYZ' },
      { provider: 'local', paywall: { jobs_preview_count: -1 } },
      { provider: 'local', secret: 'x' },
    ]) {
      expect((await put(key, body)).status).toBe(400);
    }
  });
});
