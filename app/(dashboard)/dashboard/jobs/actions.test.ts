import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { signUp } from '@/lib/auth/users';
import { resetEnvCache } from '@/lib/core/env';
import { createJob, getJob } from '@/lib/jobs';
import { createJobBodySchema } from '@/lib/jobs/schemas';
import { setWebhookDispatch } from '@/lib/webhooks/dispatch';
import { createWebhookBodySchema } from '@/lib/webhooks/schemas';
import { createSubscription } from '@/lib/webhooks/subscriptions';
import { nextRequest as session } from '@/test/fixtures/next-request';
import { WebhookReceiver } from '@/test/fixtures/webhook-receiver';
import { approveJobAction, bulkJobsAction, createJobAction, updateJobAction } from './actions';

// The session and the request's cookies come from the shared request fixture (test/setup.ts);
// everything below them (membership lookup, permissions, the service, the outbox, delivery) is real.

let receiver: WebhookReceiver;

beforeAll(async () => {
  vi.stubEnv('ALLOW_PRIVATE_NETWORK_TARGETS', '1');
  resetEnvCache();
  receiver = await new WebhookReceiver().start();
  // Deliveries start by themselves after a commit, as in a running server.
  setWebhookDispatch('auto');
});

afterAll(async () => {
  setWebhookDispatch('manual');
  vi.unstubAllEnvs();
  resetEnvCache();
  await receiver.stop();
});

async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a job created in the dashboard', () => {
  it('is delivered to the webhook subscribers as job.created, with no worker run by hand', async () => {
    const db = await getDb();
    const { user, organization } = await signUp(db, {
      email: `owner-${Date.now()}@example.com`,
      name: 'Owner',
      password: 'correct horse battery staple',
      organizationName: 'Dashboard Board',
    });
    Object.assign(session, { userId: user.id, organizationId: 0 });
    await createSubscription(
      db,
      organization.id,
      createWebhookBodySchema.parse({ target_url: receiver.url('/dashboard-hook'), events: ['job.created'] }),
    );

    const form = new FormData();
    form.set('title', 'Site Reliability Engineer');
    form.set('company_name', 'Acme');
    form.set('description', 'Keep the lights on.');
    form.set('status', 'active');
    // A successful save redirects to the list, as Next's redirect() does: by throwing.
    await expect(createJobAction({}, form)).rejects.toMatchObject({
      digest: expect.stringContaining('/dashboard/jobs'),
    });

    const delivered = await until(() => receiver.at('/dashboard-hook')[0]);
    const event = JSON.parse(delivered.body);
    expect(event).toMatchObject({
      type: 'job.created',
      data: { title: 'Site Reliability Engineer', company_name: 'Acme' },
    });
  });
});

describe('a job edited in the dashboard', () => {
  function jobForm(fields: Record<string, string>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries({ company_name: 'Acme', description: 'Ship it.', ...fields }))
      form.set(name, value);
    return form;
  }

  it('saves the change and answers with the saved job’s values; an unknown id is the form’s message', async () => {
    const db = await getDb();
    const { user, organization } = await signUp(db, {
      email: `editor-${Date.now()}@example.com`,
      name: 'Owner',
      password: 'correct horse battery staple',
      organizationName: 'Edit Board',
    });
    Object.assign(session, { userId: user.id, organizationId: 0 });
    const job = await createJob(
      db,
      organization.id,
      createJobBodySchema.parse({
        title: 'Platform Engineer',
        company_name: 'Acme',
        description: 'Ship it.',
      }),
    );

    const saved = await updateJobAction({}, jobForm({ id: job.id, title: 'Staff Platform Engineer' }));
    expect(saved).toMatchObject({
      success: 'Saved.',
      values: { title: 'Staff Platform Engineer' },
      submission: 1,
    });

    const unknown = await updateJobAction(saved, jobForm({ id: 'not-a-job', title: 'Anything' }));
    expect(unknown).toMatchObject({ error: 'Unknown job.', values: { title: 'Anything' }, submission: 2 });
  });
});

describe('jobs changed together from the list', () => {
  it('answers what it did, and a clear refusal for an empty, oversized or tampered selection', async () => {
    const db = await getDb();
    const { user, organization } = await signUp(db, {
      email: `bulk-${Date.now()}@example.com`,
      name: 'Owner',
      password: 'correct horse battery staple',
      organizationName: 'Bulk Board',
    });
    Object.assign(session, { userId: user.id, organizationId: 0 });
    const job = await createJob(
      db,
      organization.id,
      createJobBodySchema.parse({ title: 'Night Nurse', company_name: 'Ward 7', description: 'Care.' }),
    );

    expect(await bulkJobsAction([], 'expire')).toEqual({ error: 'Select at least one job.' });
    expect(await bulkJobsAction(Array(101).fill(job.id), 'expire')).toEqual({
      error: 'Change at most 100 jobs at once.',
    });
    expect(await bulkJobsAction(['not-a-job'], 'expire')).toEqual({ error: 'Unknown job.' });
    expect((await bulkJobsAction([job.id], 'publish' as 'expire')).error).toBeTruthy();
    expect(await bulkJobsAction([job.id], 'expire')).toEqual({
      done: [{ id: job.id, title: 'Night Nurse' }],
      refused: [],
    });
    // A row's Approve, pressed on a page that still showed the job pending: refused, not made live.
    expect(await approveJobAction(job.id)).toEqual({
      error: 'The job is expired now: it changed after the page was shown.',
    });
    expect((await getJob(db, organization.id, job.id)).status).toBe('expired');
  });
});
