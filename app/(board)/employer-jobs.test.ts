// An employer's own jobs on the board, edited with the job form: only their own, only while the job
// can still change, and never what the payment and the board set. Closing is lib/jobs/member-jobs.ts's.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { webhookEvents, webhookSubscriptions } from '@/db/schema';
import {
  createJob,
  findMemberJob,
  getJob,
  jobFormText,
  memberMayEdit,
  settlePaidJob,
  updateJob,
} from '@/lib/jobs';
import type { JobOut, JobStatus } from '@/lib/jobs/schemas';
import { createMember } from '@/lib/members';
import { putPaymentSettings } from '@/lib/payments';
import { createTenant } from '@/test/factories';
import { editJobFromForm } from './b/[board]/post-a-job/post-job';

async function employerOf(orgId: number) {
  return createMember(await getDb(), orgId, {
    email: `employer-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Pat',
    role: 'employer',
    approvalStatus: 'approved',
  });
}

/** A board with an employer member; `context` is what the board's actions hand the services. */
async function employerBoard() {
  const tenant = await createTenant();
  const db = await getDb();
  const orgId = tenant.organization.id;
  const member = await employerOf(orgId);
  return { db, orgId, member, context: { db, orgId, member } };
}

type Status = JobStatus | 'active past its expiry';

/**
 * A job the member posted from the board, then moved as its payment and the board would: paid for
 * a featured plan of 30 days, approved or not, expired or taken off the board.
 */
async function postedJob(orgId: number, memberId: string, status: Status): Promise<JobOut> {
  const db = await getDb();
  const job = await createJob(
    db,
    orgId,
    {
      title: 'Platform Engineer',
      company_name: 'Acme',
      description: 'Build the platform.',
      location: 'Berlin',
      salary_min: 70_000,
      salary_currency: 'EUR',
      contact_email: 'hiring@acme.example',
      how_to_apply_method: 'form-internal',
    },
    new Date(),
    { memberId, awaitingPayment: true },
  );
  if (status === 'pending_payment') return job;
  const needsApproval = status === 'pending' || status === 'draft';
  await settlePaidJob(db, orgId, job.id, { needsApproval, durationDays: 30, featured: true });
  if (status === 'expired' || status === 'draft') await updateJob(db, orgId, job.id, { status });
  if (status === 'active past its expiry')
    await updateJob(db, orgId, job.id, { expires_at: new Date(Date.now() - 60_000) });
  return getJob(db, orgId, job.id);
}

/** The form as the edit page fills it, with some fields changed. */
const edited = (job: JobOut, fields: Record<string, string> = {}) => ({ ...jobFormText(job), ...fields });

describe('editing an own job', () => {
  it('fills the form with the job, and saving it as it is changes no field', async () => {
    const { db, orgId, member, context } = await employerBoard();
    const job = await postedJob(orgId, member.id, 'active');
    expect(jobFormText(job)).toEqual({
      title: 'Platform Engineer',
      company_name: 'Acme',
      location: 'Berlin',
      workplace_type: 'on_site',
      job_type: '',
      description: 'Build the platform.',
      salary_min: '70000',
      salary_max: '',
      salary_currency: 'EUR',
      salary_period: '',
      how_to_apply_method: 'form-internal',
      how_to_apply: '',
      contact_email: 'hiring@acme.example',
    });
    expect(await editJobFromForm(context, job.id, jobFormText(job))).toEqual({
      ok: true,
      outcome: 'unchanged',
    });
    expect(await getJob(db, orgId, job.id)).toEqual(job);
  });

  it('saves the fields the form holds, and nothing the payment or the board set', async () => {
    const { db, orgId, member, context } = await employerBoard();
    const job = await postedJob(orgId, member.id, 'active');
    const values = edited(job, {
      title: 'Staff Platform Engineer',
      workplace_type: 'remote',
      job_type: 'full-time',
      salary_max: '95,000',
      salary_period: 'yearly',
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://acme.example/jobs/platform',
      // A forged post: none of these are the form's, so none is read.
      status: 'draft',
      featured: 'false',
      expires_at: '2099-01-01T00:00:00Z',
      published_at: '2000-01-01T00:00:00Z',
    });
    expect(await editJobFromForm(context, job.id, values)).toEqual({ ok: true, outcome: 'saved' });
    const saved = await getJob(db, orgId, job.id);
    expect(saved).toMatchObject({
      title: 'Staff Platform Engineer',
      is_remote: true,
      workplace_type: 'remote',
      job_type: 'full-time',
      salary_min: 70_000,
      salary_max: 95_000,
      salary_period: 'yearly',
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://acme.example/jobs/platform',
      status: 'active',
      featured: true,
      slug: job.slug,
      url: job.url,
      published_at: job.published_at,
      expires_at: job.expires_at,
    });
  });

  it.each<Status>(['pending_payment', 'pending', 'active'])('edits a %s job', async (status) => {
    const { db, orgId, member, context } = await employerBoard();
    const job = await postedJob(orgId, member.id, status);
    expect(await editJobFromForm(context, job.id, edited(job, { title: 'Renamed' }))).toEqual({
      ok: true,
      outcome: 'saved',
    });
    expect(await getJob(db, orgId, job.id)).toMatchObject({ title: 'Renamed', status: job.status });
  });

  it.each<Status>(['expired', 'active past its expiry', 'draft'])(
    'leaves a job that is %s as it is',
    async (status) => {
      const { db, orgId, member, context } = await employerBoard();
      const job = await postedJob(orgId, member.id, status);
      expect(memberMayEdit((await findMemberJob(db, orgId, member.id, job.id))!)).toBe(false);
      expect(await editJobFromForm(context, job.id, edited(job, { title: 'Renamed' }))).toEqual({
        ok: false,
        error: 'This job is no longer listed, so it cannot be changed.',
        fieldErrors: {},
      });
      expect(await getJob(db, orgId, job.id)).toEqual(job);
    },
  );

  it('refuses another member’s job, another board’s and an address that names no job, alike', async () => {
    const { db, orgId, member } = await employerBoard();
    const job = await postedJob(orgId, member.id, 'active');
    const other = await employerOf(orgId);
    const elsewhere = await employerBoard();
    const refused = { ok: false, error: 'This job is not one of yours.', fieldErrors: {} };
    const attempts: [{ db: typeof db; orgId: number; member: { id: string } }, string][] = [
      [{ db, orgId, member: other }, job.id],
      [elsewhere.context, job.id],
      [{ db, orgId, member }, 'not-a-job'],
      [{ db, orgId, member }, '0196f1c2-0000-7000-8000-000000000000'],
    ];
    for (const [context, id] of attempts)
      expect(await editJobFromForm(context, id, edited(job, { title: 'Taken over' }))).toEqual(refused);
    expect(await getJob(db, orgId, job.id)).toEqual(job);
  });

  it('names every problem beside its field, asks nothing about paying, and saves nothing', async () => {
    const { db, orgId, member, context } = await employerBoard();
    const job = await postedJob(orgId, member.id, 'active');
    const outcome = await editJobFromForm(
      context,
      job.id,
      edited(job, { title: ' ', salary_max: '50000', contact_email: 'nobody' }),
    );
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: {
        title: 'Enter the job title.',
        contact_email: 'Enter an email address like name@example.com.',
        salary_max: 'The maximum salary must be at least the minimum.',
      },
    });
    expect(await getJob(db, orgId, job.id)).toEqual(job);
  });
});

describe('a live job’s changes on a board that approves employers’ jobs', () => {
  async function reviewingBoard({ review = true } = {}) {
    const board = await employerBoard();
    await putPaymentSettings(board.db, board.orgId, { provider: 'local', paid_jobs_need_approval: review });
    return board;
  }

  /** From now on the board's job events are kept (webhook events are written for listeners only). */
  async function listen(orgId: number) {
    await (await getDb()).insert(webhookSubscriptions).values({
      organizationId: orgId,
      events: ['*'],
      eventsKey: '*',
      targetUrl: 'http://127.0.0.1:9/hook',
    });
  }

  const eventsOf = async (orgId: number, type: string) =>
    (
      await getDb().then((db) =>
        db.select().from(webhookEvents).where(eq(webhookEvents.organizationId, orgId)),
      )
    )
      .filter((row) => row.type === type)
      .map((row) => row.data);

  it('takes the job off the board for approval, in the same write, and tells the owner', async () => {
    const { db, orgId, member, context } = await reviewingBoard();
    const job = await postedJob(orgId, member.id, 'active');
    await listen(orgId);
    const values = edited(job, {
      title: 'Senior Platform Engineer',
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://elsewhere.example/apply',
    });
    expect(await editJobFromForm(context, job.id, values)).toEqual({ ok: true, outcome: 'in_review' });
    const saved = await getJob(db, orgId, job.id);
    expect(saved).toMatchObject({
      title: 'Senior Platform Engineer',
      how_to_apply: 'https://elsewhere.example/apply',
      status: 'pending',
      url: null,
      featured: true,
      published_at: job.published_at,
      expires_at: job.expires_at,
    });
    expect(await eventsOf(orgId, 'job.updated')).toEqual([
      expect.objectContaining({ id: job.id, status: 'pending', title: 'Senior Platform Engineer' }),
    ]);
    // The owner approves the new text: the job is back with its listing dates.
    await updateJob(db, orgId, job.id, { status: 'active' });
    expect(await getJob(db, orgId, job.id)).toMatchObject({
      status: 'active',
      published_at: job.published_at,
      expires_at: job.expires_at,
    });
  });

  it('leaves the job live when the form comes back unchanged (line breaks as browsers send them)', async () => {
    const { db, orgId, member, context } = await reviewingBoard();
    const job = await postedJob(orgId, member.id, 'active');
    await updateJob(db, orgId, job.id, { description: 'Build the platform.\n\n- Go\n- PostgreSQL' });
    const before = await getJob(db, orgId, job.id);
    await listen(orgId);
    const fromBrowser = edited(before, { description: before.description.replaceAll('\n', '\r\n') });
    expect(await editJobFromForm(context, job.id, fromBrowser)).toEqual({ ok: true, outcome: 'unchanged' });
    expect(await getJob(db, orgId, job.id)).toEqual(before);
    expect(await eventsOf(orgId, 'job.updated')).toEqual([]);
  });

  it('puts the changes live at once on a board that does not approve employers’ jobs', async () => {
    const { db, orgId, member, context } = await reviewingBoard({ review: false });
    const job = await postedJob(orgId, member.id, 'active');
    await listen(orgId);
    expect(await editJobFromForm(context, job.id, edited(job, { title: 'Renamed' }))).toMatchObject({
      ok: true,
    });
    expect(await getJob(db, orgId, job.id)).toMatchObject({
      title: 'Renamed',
      status: 'active',
      url: job.url,
    });
    expect(await eventsOf(orgId, 'job.updated')).toEqual([expect.objectContaining({ title: 'Renamed' })]);
  });
});
