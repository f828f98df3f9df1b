// Round trips per job write (issue 35): what createJob and updateJob send to the database, BEGIN
// and COMMIT included. A write that grows past its budget fails here. Writes read without locks,
// so the races they can lose are here too: one title posted at once, one job changed at once.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { countStatements } from '@/test/statement-count';
import { getJob } from './queries';
import type { CreateJobInput } from './schemas';
import { createJob, updateJob } from './writes';

const body = {
  title: 'Data Engineer',
  description: 'Pipelines in Python.',
  company_name: 'Acme',
  category: 'Engineering',
  location: 'Berlin, Germany',
  salary_min: 60000,
  salary_max: 80000,
  salary_currency: 'EUR',
  salary_period: 'yearly',
} as CreateJobInput;

describe('statements per job write', () => {
  it.each([
    ['without webhook subscribers', false],
    ['with a webhook subscriber', true],
  ])('creates and updates a job in at most 2 statements each, %s', async (_, subscribed) => {
    const { organization } = await createTenant();
    const db = await getDb();
    if (subscribed)
      await db.insert(webhookSubscriptions).values({
        organizationId: organization.id,
        events: ['*'],
        eventsKey: '*',
        targetUrl: 'http://127.0.0.1:9/hook',
      });
    // The categories exist from here on: naming one for the first time creates it (its own statements).
    const first = await createJob(db, organization.id, body);
    await updateJob(db, organization.id, first.id, { categories: ['Engineering', 'Data'] });

    let created: Awaited<ReturnType<typeof createJob>> | undefined;
    const createStatements = await countStatements(db, async () => {
      created = await createJob(db, organization.id, body);
    });
    // The answers are built from what was written, not read back: they must be what a read gives.
    expect(await getJob(db, organization.id, created!.id)).toEqual(created);
    let updated: Awaited<ReturnType<typeof updateJob>> | undefined;
    const updateStatements = await countStatements(db, async () => {
      updated = await updateJob(db, organization.id, created!.id, {
        title: 'Senior Data Engineer',
        categories: ['Data', 'Engineering'],
        salary_min: 61000.005,
        status: 'expired',
      });
    });
    expect(await getJob(db, organization.id, created!.id)).toEqual(updated);
    expect(updated!.categories.map((category) => category.name)).toEqual(['Engineering', 'Data']);
    expect(updated!.salary_min).toBe(61000.01);
    expect(createStatements).toHaveLength(2);
    expect(updateStatements).toHaveLength(2);
    // Two creates, two updates and the expiry, each delivered to the one subscriber.
    const deliveries = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.organizationId, organization.id));
    expect(deliveries).toHaveLength(subscribed ? 5 : 0);
  });
});

describe('job writes at once', () => {
  it('gives 12 creates of one title 12 slugs, each job with its categories and one event', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    await db.insert(webhookSubscriptions).values({
      organizationId: organization.id,
      events: ['job.created'],
      eventsKey: 'job.created',
      targetUrl: 'http://127.0.0.1:9/hook',
    });
    const jobs = await Promise.all(
      Array.from({ length: 12 }, () =>
        createJob(db, organization.id, { ...body, categories: ['Engineering', 'Data'] }),
      ),
    );
    expect(new Set(jobs.map((job) => job.slug)).size).toBe(12);
    for (const job of jobs) {
      const stored = await getJob(db, organization.id, job.id);
      expect(stored).toEqual(job);
    }
    const events = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.organizationId, organization.id));
    expect(events.map((event) => (event.data as { id: string }).id).sort()).toEqual(
      jobs.map((job) => job.id).sort(),
    );
  });

  it('makes 10 updates of one job at once, each status move checked against the row it moved', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const job = await createJob(db, organization.id, { ...body, status: 'pending' });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        updateJob(db, organization.id, job.id, i === 0 ? { status: 'active' } : { title: `Title ${i}` }),
      ),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const stored = await getJob(db, organization.id, job.id);
    expect(stored.status).toBe('active');
    expect(stored.title).toMatch(/^Title \d$/);
  });
});
