import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as cronRoute } from '@/app/api/cron/webhooks/route';
import { DELETE as deleteJob, PATCH as patchJob } from '@/app/api/jobs/[id]/route';
import { POST as postJob } from '@/app/api/jobs/route';
import { getDb } from '@/db/client';
import { webhookDeliveries, webhookSubscriptions } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import type { TargetPolicyOptions } from '@/lib/net/ssrf-guard';
import { deleteSecret, setSecret } from '@/lib/secrets/service';
import { MAX_ATTEMPTS, runWebhookWorker } from '@/lib/webhooks/worker';
import { createTenant } from '@/test/factories';
import { WebhookReceiver } from '@/test/fixtures/webhook-receiver';
import { call } from '@/test/http';
import { POST as retryRoute } from './[id]/deliveries/[delivery_id]/retry/route';
import { GET as getDeliveryRoute } from './[id]/deliveries/[delivery_id]/route';
import { GET as listDeliveriesRoute } from './[id]/deliveries/route';
import { POST as rotateRoute } from './[id]/rotate-secret/route';
import { PATCH as patchWebhook } from './[id]/route';
import { POST as testRoute } from './[id]/test/route';
import { POST as postWebhook } from './route';

// The receiver listens on loopback, which production refuses: these tests allow it.
const allowLoopback: TargetPolicyOptions = { allowPrivateNetwork: true };
let receiver: WebhookReceiver;

beforeAll(async () => {
  vi.stubEnv('ALLOW_PRIVATE_NETWORK_TARGETS', '1');
  resetEnvCache();
  receiver = await new WebhookReceiver().start();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvCache();
  await receiver.stop();
});

let counter = 0;
/** A tenant subscribed at a path of its own on the receiver. */
async function subscribed(body: Record<string, unknown> = {}) {
  const tenant = await createTenant();
  const path = `/hook-${++counter}`;
  const response = await call(postWebhook, {
    method: 'POST',
    path: '/webhooks',
    apiKey: tenant.key,
    body: { event: '*', target_url: receiver.url(path), ...body },
  });
  expect(response.status).toBe(201);
  return { ...tenant, path, hook: response.body.data as { id: string; secret?: string } };
}

const createJob = (key: string, title = 'Platform Engineer') =>
  call(postJob, {
    method: 'POST',
    path: '/jobs',
    apiKey: key,
    body: { title, description: 'Run the platform.', company_name: 'Acme' },
  });

const deliver = async () => (await runWebhookWorker(await getDb(), { network: allowLoopback })).sent;

/** Moves every pending delivery's next attempt to now, as if the retry wait had passed. */
async function skipRetryWait() {
  await (await getDb())
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.status, 'pending'));
}

async function deliveries(key: string, id: string) {
  const response = await call(listDeliveriesRoute, {
    path: `/webhooks/${id}/deliveries`,
    apiKey: key,
    params: { id },
  });
  return response.body.data as { id: string; status: string; attempts: number; error: string | null }[];
}

beforeEach(() => {
  receiver.requests.length = 0;
});

describe('webhook delivery', () => {
  it('POSTs a signed Standard Webhooks request that the reference library verifies', async () => {
    const { key, path, hook } = await subscribed({ event: 'job.created' });
    const job = (await createJob(key)).body.data;
    expect(await deliver()).toBe(1);

    const [request] = receiver.at(path);
    expect(request!.headers['content-type']).toBe('application/json');
    const payload = new Webhook(hook.secret!).verify(
      request!.body,
      request!.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({ type: 'job.created', data: { id: job.id, title: 'Platform Engineer' } });
    expect(Date.parse((payload as { timestamp: string }).timestamp)).not.toBeNaN();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();

    const [delivery] = await deliveries(key, hook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, error: null });
    expect(request!.headers['webhook-id']).toBe((delivery as unknown as { event_id: string }).event_id);
  });

  it('sends job.updated, job.approved, job.expired and job.deleted as the job moves', async () => {
    const { key, path } = await subscribed();
    const job = (
      await call(postJob, {
        method: 'POST',
        path: '/jobs',
        apiKey: key,
        body: { title: 'Pending role', description: 'x', company_name: 'Acme', status: 'pending' },
      })
    ).body.data;
    const patch = (body: Record<string, unknown>) =>
      call(patchJob, { method: 'PATCH', path: `/jobs/${job.id}`, apiKey: key, params: { id: job.id }, body });
    await patch({ status: 'active' });
    await patch({ status: 'expired' });
    await call(deleteJob, { method: 'DELETE', path: `/jobs/${job.id}`, apiKey: key, params: { id: job.id } });
    await deliver();
    const types = receiver.at(path).map((request) => JSON.parse(request.body).type);
    expect(types.sort()).toEqual(
      ['job.created', 'job.updated', 'job.approved', 'job.updated', 'job.expired', 'job.deleted'].sort(),
    );
    const deleted = receiver.at(path).find((request) => JSON.parse(request.body).type === 'job.deleted');
    expect(JSON.parse(deleted!.body).data).toEqual({ id: job.id });
  });

  it('retries after 500s with the same webhook-id, then succeeds', async () => {
    const { key, path, hook } = await subscribed();
    receiver.queue(path, { status: 500 }, { status: 503, headers: { 'retry-after': '1' } });
    await createJob(key);
    await deliver();
    let [delivery] = await deliveries(key, hook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    await deliver();
    expect(receiver.at(path)).toHaveLength(1);

    await skipRetryWait();
    await deliver();
    await skipRetryWait();
    await deliver();
    [delivery] = await deliveries(key, hook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
    const ids = receiver.at(path).map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);

    const detail = await call(getDeliveryRoute, {
      path: `/webhooks/${hook.id}/deliveries/${delivery!.id}`,
      apiKey: key,
      params: { id: hook.id, delivery_id: delivery!.id },
    });
    expect(
      detail.body.data.attempt_log.map((attempt: { response_status: number }) => attempt.response_status),
    ).toEqual([500, 503, 200]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, and a manual retry sends once more`, async () => {
    const { key, path, hook } = await subscribed();
    receiver.answerAlways(path, { status: 502, body: 'x'.repeat(10_000) });
    await createJob(key);
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt++) {
      await skipRetryWait();
      await deliver();
    }
    expect(receiver.at(path)).toHaveLength(MAX_ATTEMPTS);
    const [delivery] = await deliveries(key, hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    const detail = await call(getDeliveryRoute, {
      path: `/webhooks/${hook.id}/deliveries/${delivery!.id}`,
      apiKey: key,
      params: { id: hook.id, delivery_id: delivery!.id },
    });
    expect(detail.body.data.attempt_log[0].response_body).toHaveLength(4096);

    receiver.answerAlways(path, { status: 200 });
    const retried = await call(retryRoute, {
      method: 'POST',
      path: `/webhooks/${hook.id}/deliveries/${delivery!.id}/retry`,
      apiKey: key,
      params: { id: hook.id, delivery_id: delivery!.id },
    });
    expect(retried.status).toBe(202);
    await deliver();
    expect((await deliveries(key, hook.id))[0]).toMatchObject({
      status: 'succeeded',
      attempts: MAX_ATTEMPTS + 1,
    });
  });

  it('fails other 4xx answers at once', async () => {
    const { key, path, hook } = await subscribed();
    receiver.queue(path, { status: 400 });
    await createJob(key);
    await deliver();
    await skipRetryWait();
    await deliver();
    expect(receiver.at(path)).toHaveLength(1);
    expect((await deliveries(key, hook.id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('disables the subscription on 410 Gone; disabled subscriptions receive nothing', async () => {
    const { key, path, hook } = await subscribed();
    receiver.queue(path, { status: 410 });
    await createJob(key, 'First');
    await deliver();
    const [row] = await (await getDb())
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, hook.id));
    expect(row).toMatchObject({ isEnabled: false, disabledReason: 'gone' });

    await createJob(key, 'Second');
    await deliver();
    expect(receiver.at(path)).toHaveLength(1);
    expect(await deliveries(key, hook.id)).toHaveLength(1);
  });

  it('fails pending deliveries of a subscription disabled by hand, and sends again once enabled', async () => {
    const { key, path, hook } = await subscribed();
    await createJob(key, 'Queued');
    const patch = (is_enabled: boolean) =>
      call(patchWebhook, {
        method: 'PATCH',
        path: `/webhooks/${hook.id}`,
        apiKey: key,
        params: { id: hook.id },
        body: { is_enabled },
      });
    await patch(false);
    await deliver();
    expect(receiver.at(path)).toHaveLength(0);
    expect((await deliveries(key, hook.id))[0]).toMatchObject({
      status: 'failed',
      error: 'subscription_disabled',
    });

    expect((await patch(true)).body.data).toMatchObject({ is_enabled: true, disabled_reason: null });
    await createJob(key, 'After');
    await deliver();
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('disables a subscription after 5 days without a successful delivery', async () => {
    const { key, path, hook } = await subscribed();
    const db = await getDb();
    await db
      .update(webhookSubscriptions)
      .set({ failingSince: new Date(Date.now() - 5 * 24 * 3_600_000 - 60_000) })
      .where(eq(webhookSubscriptions.id, hook.id));
    receiver.queue(path, { status: 500 });
    await createJob(key);
    await deliver();
    const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, hook.id));
    expect(row).toMatchObject({ isEnabled: false, disabledReason: 'failing' });
  });

  it('recovers deliveries a crashed worker had claimed', async () => {
    const { key, path, hook } = await subscribed();
    await createJob(key);
    const db = await getDb();
    // A worker claimed it and died before sending: the claim holds it for a while...
    await db
      .update(webhookDeliveries)
      .set({ claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(webhookDeliveries.subscriptionId, hook.id));
    await deliver();
    expect(receiver.at(path)).toHaveLength(0);
    // ...and once the claim lapses, the next worker (after a restart) sends it.
    await db
      .update(webhookDeliveries)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(webhookDeliveries.subscriptionId, hook.id));
    await deliver();
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('never sends a delivery twice when workers run side by side', async () => {
    const { key, path } = await subscribed();
    // 25 jobs: the key's POST limit is 30 a minute.
    for (let index = 0; index < 25; index++) expect((await createJob(key, `Role ${index}`)).status).toBe(200);
    const db = await getDb();
    await Promise.all([1, 2, 3].map(() => runWebhookWorker(db, { network: allowLoopback, batchSize: 4 })));
    const ids = receiver.at(path).map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const { key, path, hook } = await subscribed();
    const rotated = await call(rotateRoute, {
      method: 'POST',
      path: `/webhooks/${hook.id}/rotate-secret`,
      apiKey: key,
      params: { id: hook.id },
      body: { secret: `whsec_${Buffer.alloc(32, 9).toString('base64')}` },
    });
    expect(rotated.body.data.secret).toBeUndefined();
    await createJob(key);
    await deliver();
    const [request] = receiver.at(path);
    expect((request!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const secret of [hook.secret!, `whsec_${Buffer.alloc(32, 9).toString('base64')}`]) {
      expect(
        new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>),
      ).toBeTruthy();
    }
  });

  it('signs with a vault secret as it is at delivery time, and never with an empty one', async () => {
    const db = await getDb();
    const { key, path, hook, organization } = await subscribed({ secret: 'vault:hook-key' });
    await setSecret(db, organization.id, { name: 'hook-key', value: 'first-value' });
    await createJob(key, 'One');
    await deliver();
    await setSecret(db, organization.id, { name: 'hook-key', value: 'second-value' });
    await createJob(key, 'Two');
    await deliver();
    const [first, second] = receiver.at(path);
    const verify = (secret: string, request: typeof first) =>
      new Webhook(new TextEncoder().encode(secret), { format: 'raw' }).verify(
        request!.body,
        request!.headers as Record<string, string>,
      );
    expect(verify('first-value', first)).toBeTruthy();
    expect(verify('second-value', second)).toBeTruthy();

    await deleteSecret(db, organization.id, 'hook-key');
    await createJob(key, 'Three');
    await deliver();
    expect(receiver.at(path)).toHaveLength(2);
    const latest = (await deliveries(key, hook.id))[0];
    expect(latest).toMatchObject({ status: 'pending', error: 'secret_unavailable', attempts: 1 });
  });

  it('sends a test event to one subscription', async () => {
    const { key, path, hook } = await subscribed({ event: 'job.deleted' });
    const response = await call(testRoute, {
      method: 'POST',
      path: `/webhooks/${hook.id}/test`,
      apiKey: key,
      params: { id: hook.id },
    });
    expect(response.status).toBe(202);
    expect(response.body.data).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    await deliver();
    expect(JSON.parse(receiver.at(path)[0]!.body)).toMatchObject({ type: 'webhook.test' });
  });

  it('runs from the cron route only with CRON_SECRET', async () => {
    const { key, path } = await subscribed();
    await createJob(key);
    expect((await call(cronRoute, { path: '/cron/webhooks' })).status).toBe(401);
    vi.stubEnv('CRON_SECRET', 'cron-test-secret');
    resetEnvCache();
    expect(
      (await call(cronRoute, { path: '/cron/webhooks', headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
    const ran = await call(cronRoute, {
      path: '/cron/webhooks',
      headers: { authorization: 'Bearer cron-test-secret' },
    });
    expect(ran.status).toBe(200);
    expect(ran.body.data.sent).toBeGreaterThanOrEqual(1);
    expect(receiver.at(path)).toHaveLength(1);
  });
});

describe('webhook delivery to refused addresses', () => {
  const production: TargetPolicyOptions = { allowPrivateNetwork: false, allowHttp: true };

  it('refuses a target that is (or resolves to) a private address at delivery time', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '10.0.0.1', '169.254.169.254']) {
      const { key, path, hook } = await subscribed({ target_url: receiver.url(`/direct-${host}`, host) });
      await createJob(key);
      await runWebhookWorker(await getDb(), { network: production });
      expect(receiver.at(path)).toHaveLength(0);
      expect((await deliveries(key, hook.id))[0]).toMatchObject({
        status: 'failed',
        error: 'blocked_target',
      });
    }
  });

  it('refuses a redirect to loopback', async () => {
    const { key, hook } = await subscribed({ target_url: receiver.url('/redirect', 'hooks.test') });
    receiver.answerAlways('/redirect', { status: 307, headers: { location: receiver.url('/internal') } });
    await createJob(key);
    await runWebhookWorker(await getDb(), {
      network: {
        ...production,
        // hooks.test stands for a public host that happens to answer with a redirect.
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
        isAllowedAddress: (_address, hostname) => hostname === 'hooks.test',
      },
    });
    expect(receiver.at('/redirect')).toHaveLength(1);
    expect(receiver.at('/internal')).toHaveLength(0);
    const [delivery] = await deliveries(key, hook.id);
    expect(delivery).toMatchObject({ status: 'failed', error: 'blocked_target' });
    const detail = await call(getDeliveryRoute, {
      path: `/webhooks/${hook.id}/deliveries/${delivery!.id}`,
      apiKey: key,
      params: { id: hook.id, delivery_id: delivery!.id },
    });
    expect(detail.body.data.attempt_log[0].error_detail).toMatch(/127\.0\.0\.1.*loopback/);
  });
});
