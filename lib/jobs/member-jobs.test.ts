// An employer member's edits and closing of their own jobs, each in one transaction holding the
// job's row: which jobs, which statuses, what counts as a change, and presses that race.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { webhookEvents, webhookSubscriptions } from '@/db/schema';
import { createMember } from '@/lib/members';
import { createTenant } from '@/test/factories';
import { closeMemberJob, createJob, editMemberJob, getJob, settlePaidJob, updateJob } from '.';
import type { JobStatus } from './schemas';

const fields = {
  title: 'Platform Engineer',
  company_name: 'Acme',
  description: '<p>Build the <strong>platform</strong>.</p><ul><li>Go</li></ul>',
  location: 'Berlin',
  salary_min: 70_000,
  salary_currency: 'EUR',
  contact_email: 'hiring@acme.example',
  how_to_apply_method: 'form-internal' as const,
};

/** A board, its employer, and the employer's job moved to `status` as payment and approval would. */
async function memberJob(status: JobStatus) {
  const { organization } = await createTenant();
  const db = await getDb();
  const orgId = organization.id;
  const member = await createMember(db, orgId, {
    email: `employer-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Pat',
    role: 'employer',
    approvalStatus: 'approved',
  });
  const created = await createJob(db, orgId, fields, new Date(), {
    memberId: member.id,
    awaitingPayment: true,
  });
  if (status !== 'pending_payment') {
    await settlePaidJob(db, orgId, created.id, {
      needsApproval: status === 'pending',
      durationDays: 30,
      featured: true,
    });
  }
  if (status === 'expired') await updateJob(db, orgId, created.id, { status: 'expired' });
  await db.insert(webhookSubscriptions).values({
    organizationId: orgId,
    events: ['*'],
    eventsKey: '*',
    targetUrl: 'http://127.0.0.1:9/hook',
  });
  return { db, orgId, memberId: member.id, job: await getJob(db, orgId, created.id) };
}

const updates = async (orgId: number) =>
  (
    await (
      await getDb()
    )
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'job.updated')))
  ).map((row) => row.data);

describe('editMemberJob on a board that reviews employers’ edits', () => {
  const review = { reviewEdits: true };

  it.each<[JobStatus, string, JobStatus]>([
    ['active', 'in_review', 'pending'],
    ['pending', 'saved', 'pending'],
    ['pending_payment', 'saved', 'pending_payment'],
  ])('saves a change to a %s job as %s, leaving it %s', async (status, outcome, after) => {
    const { db, orgId, memberId, job } = await memberJob(status);
    expect(await editMemberJob(db, orgId, memberId, job.id, { title: 'Staff Engineer' }, review)).toBe(
      outcome,
    );
    expect(await getJob(db, orgId, job.id)).toMatchObject({
      title: 'Staff Engineer',
      status: after,
      published_at: job.published_at,
      expires_at: job.expires_at,
      featured: job.featured,
    });
    expect(await updates(orgId)).toEqual([
      expect.objectContaining({ title: 'Staff Engineer', status: after }),
    ]);
  });

  it('writes nothing for the job’s own text sent back, HTML and CRLF line breaks included', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const asStored = {
      ...fields,
      description: job.description,
      salary_max: null,
      job_type: null,
    };
    expect(await editMemberJob(db, orgId, memberId, job.id, asStored, review)).toBe('unchanged');
    await updateJob(db, orgId, job.id, { description: 'Line one.\nLine two.' });
    const plain = await getJob(db, orgId, job.id);
    const typed = { description: 'Line one.\r\nLine two.' };
    expect(await editMemberJob(db, orgId, memberId, job.id, typed, review)).toBe('unchanged');
    expect(await getJob(db, orgId, job.id)).toEqual(plain);
  });

  it('keeps status, placement and dates whatever else the input carries', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const forged = {
      title: 'Renamed',
      status: 'active',
      featured: false,
      expires_at: new Date('2099-01-01'),
    };
    await editMemberJob(db, orgId, memberId, job.id, forged as never, review);
    expect(await getJob(db, orgId, job.id)).toMatchObject({
      title: 'Renamed',
      status: 'pending',
      featured: true,
      expires_at: job.expires_at,
    });
  });

  it('refuses another member’s job as none, and a job off the board with a conflict', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const other = await createMember(db, orgId, { email: 'other@example.com', name: 'O', role: 'employer' });
    for (const [who, id] of [
      [other.id, job.id],
      [memberId, 'not-a-job'],
      [memberId, '0196f1c2-0000-7000-8000-000000000000'],
    ]) {
      await expect(
        editMemberJob(db, orgId, who!, id!, { title: 'Taken over' }, review),
      ).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    const closed = await memberJob('expired');
    await expect(
      editMemberJob(closed.db, closed.orgId, closed.memberId, closed.job.id, { title: 'Back' }, review),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'This job is no longer listed, so it cannot be changed.',
    });
    expect(await getJob(db, orgId, job.id)).toEqual(job);
  });

  it('sends a live job to review once however many edits race', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        editMemberJob(db, orgId, memberId, job.id, { title: `Title ${index}` }, review),
      ),
    );
    expect(outcomes.sort()).toEqual(['in_review', ...Array(9).fill('saved')]);
    expect((await getJob(db, orgId, job.id)).status).toBe('pending');
  });
});

describe('editMemberJob on a board that does not review them', () => {
  it('puts a live job’s changes live at once', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    expect(
      await editMemberJob(db, orgId, memberId, job.id, { title: 'Renamed' }, { reviewEdits: false }),
    ).toBe('saved');
    expect(await getJob(db, orgId, job.id)).toMatchObject({
      title: 'Renamed',
      status: 'active',
      url: job.url,
    });
    expect(await updates(orgId)).toEqual([expect.objectContaining({ status: 'active', title: 'Renamed' })]);
  });
});

describe('closeMemberJob', () => {
  it('closes a live job once however many presses race, and nothing else', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const closed = await Promise.all(
      Array.from({ length: 10 }, () => closeMemberJob(db, orgId, memberId, job.id)),
    );
    expect(closed.filter(Boolean)).toHaveLength(1);
    const expired = await (await getDb())
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'job.expired')));
    expect(expired).toHaveLength(1);
    const pending = await memberJob('pending');
    expect(await closeMemberJob(pending.db, pending.orgId, pending.memberId, pending.job.id)).toBe(false);
    expect(await closeMemberJob(db, orgId, memberId, 'not-a-job')).toBe(false);
  });
});
