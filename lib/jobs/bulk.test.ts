import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { webhookEvents, webhookSubscriptions } from '@/db/schema';
import { createTenant, createTestJob } from '@/test/factories';
import { applyToJobs } from './bulk';
import { getJob } from './queries';
import { updateJob } from './writes';

async function boardWithJobs() {
  const { organization } = await createTenant();
  const db = await getDb();
  await db.insert(webhookSubscriptions).values({
    organizationId: organization.id,
    events: ['*'],
    eventsKey: '*',
    targetUrl: 'http://127.0.0.1:9/hook',
  });
  const pending = await createTestJob(organization.id, { title: 'Pending One', status: 'pending' });
  const active = await createTestJob(organization.id, { title: 'Active One' });
  const lapsed = await createTestJob(organization.id, { title: 'Lapsed One' });
  await updateJob(db, organization.id, lapsed.id, { expires_at: new Date(Date.now() - 60_000) });
  return { db, orgId: organization.id, pending, active, lapsed };
}

const statusOf = async (orgId: number, id: string) => (await getJob(await getDb(), orgId, id)).status;

const events = async (orgId: number, type: string) =>
  (
    await (
      await getDb()
    )
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, type)))
  ).length;

describe('applyToJobs', () => {
  it('approves the pending jobs selected and names, with its reason, each job it left as it was', async () => {
    const { db, orgId, pending, active } = await boardWithJobs();
    const result = await applyToJobs(db, orgId, [active.id, pending.id], 'approve');
    expect(result.done).toEqual([{ id: pending.id, title: 'Pending One' }]);
    expect(result.refused).toEqual([
      { id: active.id, title: 'Active One', reason: '“Active One” is not waiting for approval.' },
    ]);
    expect(await statusOf(orgId, pending.id)).toBe('active');
    expect(await statusOf(orgId, active.id)).toBe('active');
  });

  it('expires live jobs only: a job past its expiry counts as expired already', async () => {
    const { db, orgId, active, lapsed, pending } = await boardWithJobs();
    const before = await events(orgId, 'job.expired');
    const result = await applyToJobs(db, orgId, [active.id, lapsed.id, pending.id], 'expire');
    expect(result.done.map((row) => row.title)).toEqual(['Active One']);
    expect(result.refused.map((row) => row.reason)).toEqual([
      '“Pending One” is not live.',
      '“Lapsed One” is not live.',
    ]);
    expect(await statusOf(orgId, active.id)).toBe('expired');
    // Through the same write as a single expiry: its webhook event too.
    expect(await events(orgId, 'job.expired')).toBe(before + 1);
  });

  it('deletes the selected jobs of its own board and leaves another board’s ids alone', async () => {
    const { db, orgId, pending, active } = await boardWithJobs();
    const other = await boardWithJobs();
    const result = await applyToJobs(db, orgId, [pending.id, other.active.id, active.id], 'delete');
    expect(result.done.map((row) => row.id).sort()).toEqual([pending.id, active.id].sort());
    expect(result.refused).toEqual([]);
    await expect(getJob(db, orgId, pending.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await statusOf(other.orgId, other.active.id)).toBe('active');
    expect(await events(orgId, 'job.deleted')).toBe(2);
  });

  it('moves a job only from the status the page showed, also on the locked path', async () => {
    const { db, orgId, pending } = await boardWithJobs();
    // Expired in another tab after the list showed it pending: Approve must not make it live.
    await updateJob(db, orgId, pending.id, { status: 'expired' });
    await expect(
      updateJob(db, orgId, pending.id, { status: 'active' }, new Date(), { from: ['pending'] }),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('is expired now') });
    expect(await statusOf(orgId, pending.id)).toBe('expired');
    // Several writers at once: each is checked against the row it writes over.
    const { orgId: other, active } = await boardWithJobs();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        updateJob(db, other, active.id, { status: 'expired' }, new Date(), { from: ['active'] }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await events(other, 'job.expired')).toBe(1);
  });

  it('does nothing for no ids', async () => {
    const { db, orgId } = await boardWithJobs();
    expect(await applyToJobs(db, orgId, [], 'delete')).toEqual({ done: [], refused: [] });
  });
});
