// An employer member's edits and closing of their own jobs, each in one transaction holding the
// job's row: which jobs, which statuses, what counts as a change, presses that race, and a payment
// confirmed while an edit is under way.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { transaction } from '@/lib/core/transaction';
import { createMember } from '@/lib/members';
import { createTenant } from '@/test/factories';
import {
  closeMemberJob,
  createJob,
  editMemberJob,
  findMemberJob,
  getJob,
  memberMayEdit,
  settlePaidJob,
  updateJob,
} from '.';
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

type Status = JobStatus | 'active past its expiry';

/** A board, its employer, and the employer's job moved to `status` as payment and approval would. */
async function memberJob(status: Status) {
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
      needsApproval: status === 'pending' || status === 'draft',
      durationDays: 30,
      featured: true,
    });
  }
  if (status === 'expired' || status === 'draft') await updateJob(db, orgId, created.id, { status });
  if (status === 'active past its expiry')
    await updateJob(db, orgId, created.id, { expires_at: new Date(Date.now() - 60_000) });
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

describe('findMemberJob and memberMayEdit', () => {
  it.each<[Status, boolean]>([
    ['pending_payment', true],
    ['pending', true],
    ['active', true],
    ['active past its expiry', false],
    ['expired', false],
    ['draft', false],
  ])('finds the member’s %s job, which they may edit: %s', async (status, editable) => {
    const { db, orgId, memberId, job } = await memberJob(status);
    const found = await findMemberJob(db, orgId, memberId, job.id);
    expect(found).toMatchObject({ id: job.id, title: job.title });
    expect(memberMayEdit(found!)).toBe(editable);
  });

  it('finds no job of another member, another board, or an address that names none', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const other = await createMember(db, orgId, {
      email: 'someone@example.com',
      name: 'S',
      role: 'employer',
    });
    const elsewhere = await memberJob('active');
    expect(await findMemberJob(db, orgId, other.id, job.id)).toBeNull();
    expect(await findMemberJob(db, elsewhere.orgId, elsewhere.memberId, job.id)).toBeNull();
    expect(await findMemberJob(db, orgId, memberId, 'not-a-job')).toBeNull();
    expect(await findMemberJob(db, orgId, memberId, '0196f1c2-0000-7000-8000-000000000000')).toBeNull();
  });
});

describe('an edit while the payment is confirmed', () => {
  /**
   * The provider's confirmation holds the job's row (as settlePaidJob does) while the member's edit
   * starts, then marks the job paid and commits. The edit, waiting on the row, must see the paid job:
   * a check made before the confirmation would write `pending_payment` back over it.
   */
  it.each([
    [false, 'saved', 'active'],
    [true, 'in_review', 'pending'],
  ] as const)('builds on the paid job (edits reviewed: %s): %s, %s', async (reviewEdits, outcome, status) => {
    const { db, orgId, memberId, job } = await memberJob('pending_payment');
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const confirmation = transaction(db, async (tx) => {
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id)).for('update');
      holding();
      await released;
      return settlePaidJob(tx, orgId, job.id, { needsApproval: false, durationDays: 30, featured: true });
    });
    await held;
    const edit = editMemberJob(db, orgId, memberId, job.id, { title: 'Renamed' }, { reviewEdits });
    // The edit reaches the row and waits for it (on PGlite, for the one connection).
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await confirmation).toBe(true);
    expect(await edit).toBe(outcome);
    expect(await getJob(db, orgId, job.id)).toMatchObject({
      title: 'Renamed',
      status,
      featured: true,
      expires_at: expect.any(String),
    });
  });
});

describe('closeMemberJob', () => {
  it('takes a live job off the board now, keeping everything else', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const before = Date.now();
    expect(await closeMemberJob(db, orgId, memberId, job.id)).toBe(true);
    const closed = await getJob(db, orgId, job.id);
    expect(closed).toMatchObject({
      status: 'expired',
      url: null,
      featured: true,
      title: job.title,
      published_at: job.published_at,
    });
    expect(Date.parse(closed.expires_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(closed.expires_at!)).toBeLessThanOrEqual(Date.now());
    // Closed once: a second press (another tab) changes nothing.
    expect(await closeMemberJob(db, orgId, memberId, job.id)).toBe(false);
    expect(await getJob(db, orgId, job.id)).toEqual(closed);
  });

  it.each<Status>(['pending_payment', 'pending', 'expired', 'active past its expiry', 'draft'])(
    'leaves a job that is %s as it is',
    async (status) => {
      const { db, orgId, memberId, job } = await memberJob(status);
      expect(await closeMemberJob(db, orgId, memberId, job.id)).toBe(false);
      expect(await getJob(db, orgId, job.id)).toEqual(job);
    },
  );

  it('leaves another member’s job and another board’s job live', async () => {
    const { db, orgId, memberId, job } = await memberJob('active');
    const other = await createMember(db, orgId, { email: 'other@example.com', name: 'O', role: 'employer' });
    const elsewhere = await memberJob('active');
    expect(await closeMemberJob(db, orgId, other.id, job.id)).toBe(false);
    expect(await closeMemberJob(db, elsewhere.orgId, elsewhere.memberId, job.id)).toBe(false);
    expect(await closeMemberJob(db, orgId, memberId, 'not-a-job')).toBe(false);
    expect(await getJob(db, orgId, job.id)).toEqual(job);
  });

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
