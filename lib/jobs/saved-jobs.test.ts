// Saved jobs: what a member keeps, on their board only, and how a job that left the board shows.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs, savedJobs } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { deleteMember } from '@/lib/members';
import { createTenant, createTestJob, memberOf } from '@/test/factories';
import { listSavedJobs, SAVED_JOBS_PAGE_SIZE, savedJobIds, saveJob, unsaveJob } from './saved-jobs';
import { deleteJob, updateJob } from './writes';

async function board() {
  const tenant = await createTenant();
  const orgId = tenant.organization.id;
  return { orgId, member: await memberOf(orgId, 'candidate') };
}

const rowsOf = async (memberId: string) =>
  (await getDb()).select().from(savedJobs).where(eq(savedJobs.memberId, memberId));

const notFoundError = expect.objectContaining({ code: 'not_found' });

describe('saving jobs', () => {
  it('saves and unsaves idempotently: one row however often, the first save time kept', async () => {
    const db = await getDb();
    const { orgId, member } = await board();
    const job = await createTestJob(orgId);
    await saveJob(db, orgId, member.id, job.id);
    const [first] = await rowsOf(member.id);
    await saveJob(db, orgId, member.id, job.id);
    await Promise.all([saveJob(db, orgId, member.id, job.id), saveJob(db, orgId, member.id, job.id)]);
    expect(await rowsOf(member.id)).toEqual([first]);
    expect(first).toMatchObject({ organizationId: orgId, jobId: job.id });
    expect(await savedJobIds(db, orgId, member.id, [job.id])).toEqual(new Set([job.id]));

    await unsaveJob(db, orgId, member.id, job.id);
    await unsaveJob(db, orgId, member.id, job.id);
    expect(await rowsOf(member.id)).toEqual([]);
    expect(await savedJobIds(db, orgId, member.id, [job.id])).toEqual(new Set());
  });

  it('keeps boards apart: another board’s job or member is missing, and lists stay per board', async () => {
    const db = await getDb();
    const a = await board();
    const b = await board();
    const jobA = await createTestJob(a.orgId);
    const jobB = await createTestJob(b.orgId);
    await expect(saveJob(db, a.orgId, a.member.id, jobB.id)).rejects.toEqual(notFoundError);
    await expect(saveJob(db, a.orgId, b.member.id, jobA.id)).rejects.toEqual(notFoundError);
    await expect(saveJob(db, b.orgId, a.member.id, jobA.id)).rejects.toEqual(notFoundError);
    expect(await rowsOf(a.member.id)).toEqual([]);
    expect(await rowsOf(b.member.id)).toEqual([]);

    await saveJob(db, a.orgId, a.member.id, jobA.id);
    // Unsaving through another board touches nothing.
    await unsaveJob(db, b.orgId, a.member.id, jobA.id);
    expect(await savedJobIds(db, b.orgId, a.member.id, [jobA.id])).toEqual(new Set());
    expect((await listSavedJobs(db, b.orgId, a.member.id)).total).toBe(0);
    expect((await listSavedJobs(db, a.orgId, a.member.id)).items.map((item) => item.jobId)).toEqual([
      jobA.id,
    ]);
  });

  it('saves only live jobs, and refuses an unknown one', async () => {
    const db = await getDb();
    const { orgId, member } = await board();
    const draft = await createTestJob(orgId, { status: 'draft' });
    const expired = await createTestJob(orgId);
    await updateJob(db, orgId, expired.id, { status: 'expired' });
    for (const id of [draft.id, expired.id, '0196f3a0-0000-7000-8000-000000000000']) {
      const refused = await saveJob(db, orgId, member.id, id).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'not_found', status: 404 });
    }
  });

  it('lists newest saved first, a page at a time, and a job that left the board as expired or closed', async () => {
    const db = await getDb();
    const { orgId, member } = await board();
    const [live, expiring, closed, taken] = await Promise.all(
      ['Live', 'Past expiry', 'Expired by the owner', 'Back to draft'].map((title) =>
        createTestJob(orgId, { title }),
      ),
    );
    for (const job of [live!, expiring!, closed!, taken!]) await saveJob(db, orgId, member.id, job.id);
    // Saved at known times, the first saved the oldest.
    const times = [
      '2026-01-01T00:00:00Z',
      '2026-01-02T00:00:00Z',
      '2026-01-03T00:00:00Z',
      '2026-01-04T00:00:00Z',
    ];
    for (const [index, job] of [live!, expiring!, closed!, taken!].entries()) {
      await db
        .update(savedJobs)
        .set({ savedAt: new Date(times[index]!) })
        .where(and(eq(savedJobs.memberId, member.id), eq(savedJobs.jobId, job.id)));
    }
    // An active job whose expiry passed, one the owner expired, one moved back to draft.
    await db
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, expiring!.id));
    await updateJob(db, orgId, closed!.id, { status: 'expired' });
    await db.update(jobs).set({ status: 'draft' }).where(eq(jobs.id, taken!.id));

    const { items, total } = await listSavedJobs(db, orgId, member.id);
    expect(total).toBe(4);
    expect(items.map(({ title, status, live: open }) => ({ title, status, live: open }))).toEqual([
      { title: 'Back to draft', status: 'draft', live: false },
      { title: 'Expired by the owner', status: 'expired', live: false },
      { title: 'Past expiry', status: 'expired', live: false },
      { title: 'Live', status: 'active', live: true },
    ]);
    expect(items[3]!.savedAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    // A saved job that expires stays saved: it can still be removed.
    await unsaveJob(db, orgId, member.id, expiring!.id);
    expect((await listSavedJobs(db, orgId, member.id)).total).toBe(3);
  });

  it('pages a long list', async () => {
    const db = await getDb();
    const { orgId, member } = await board();
    const created = [];
    for (let index = 0; index < SAVED_JOBS_PAGE_SIZE + 2; index += 1)
      created.push(await createTestJob(orgId));
    for (const [index, job] of created.entries()) {
      await saveJob(db, orgId, member.id, job.id);
      await db
        .update(savedJobs)
        .set({ savedAt: new Date(Date.UTC(2026, 0, 1, 0, index)) })
        .where(and(eq(savedJobs.memberId, member.id), eq(savedJobs.jobId, job.id)));
    }
    const first = await listSavedJobs(db, orgId, member.id, 1);
    const second = await listSavedJobs(db, orgId, member.id, 2);
    expect(first.total).toBe(SAVED_JOBS_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(SAVED_JOBS_PAGE_SIZE);
    expect(second.items.map((item) => item.jobId)).toEqual([created[1]!.id, created[0]!.id]);
    expect(first.items[0]!.jobId).toBe(created.at(-1)!.id);
  });

  it('goes with the job or the member (cascade)', async () => {
    const db = await getDb();
    const { orgId, member } = await board();
    const [kept, deleted] = [await createTestJob(orgId), await createTestJob(orgId)];
    await saveJob(db, orgId, member.id, kept.id);
    await saveJob(db, orgId, member.id, deleted.id);
    await deleteJob(db, orgId, deleted.id);
    expect((await rowsOf(member.id)).map((row) => row.jobId)).toEqual([kept.id]);
    await deleteMember(db, orgId, member.id);
    expect(await rowsOf(member.id)).toEqual([]);
  });
});
