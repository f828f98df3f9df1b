// One-click apply with the member's profile: the same application as the board's form makes, its own
// copy of the resume, and the same refusals.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  applications,
  type Member,
  type Organization,
  webhookEvents,
  webhookSubscriptions,
} from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import { getJob, updateJob } from '@/lib/jobs';
import { resetMailTransport, runMailWorker } from '@/lib/mail';
import { findMember, saveMemberContact, setMemberResume } from '@/lib/members';
import { putPaymentSettings } from '@/lib/payments';
import { setRateLimiter, throttles } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant, createTestJob, memberOf } from '@/test/factories';
import { startSmtpServer } from '@/test/fixtures/smtp';
import { readResume, submitBoardApplication, submitProfileApplication } from './board-apply';
import { privateFiles } from './resume';
import { HONEYPOT_FIELD } from './schemas';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const OTHER_PDF = new TextEncoder().encode('%PDF-1.7\n% another resume\n%%EOF\n');

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let address = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Board <board@example.org>';
  resetEnvCache();
  resetMailTransport();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvCache();
  resetMailTransport();
  await smtp.close();
});
beforeEach(() => setRateLimiter(new MemoryRateLimiter()));

const fields = (values: Record<string, string>, resume?: { bytes: Uint8Array; name: string }) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (resume) form.set('resume', new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name));
  return form;
};

const fileOf = async (key: string) =>
  new Uint8Array(await new Response(await privateFiles().read(key)).arrayBuffer());

/** A board with a job that takes applications here, and a job seeker with a complete profile. */
async function setup(job: Parameters<typeof createTestJob>[1] = {}) {
  const db = await getDb();
  const tenant = await createTenant();
  const orgId = tenant.organization.id;
  const created = await createTestJob(orgId, {
    how_to_apply_method: 'form-internal',
    contact_email: 'hiring@acme.example',
    ...job,
  });
  const candidate = await memberOf(orgId, 'candidate');
  await saveMemberContact(db, orgId, candidate.id, {
    name: 'Ada Lovelace',
    description: null,
    phone: '+44 20 7946 0000',
    links: ['https://ada.example/portfolio'],
  });
  const resume = await readResume(new File([PDF as Uint8Array<ArrayBuffer>], 'ada-cv.pdf'));
  if ('error' in resume) throw new Error(resume.error);
  const member = await setMemberResume(db, orgId, candidate.id, resume);
  address += 1;
  const context = {
    db,
    org: tenant.organization as Organization,
    job: await getJob(db, orgId, created.id),
    clientAddress: `198.51.100.${address % 250}`,
  };
  return { db, orgId, member, context };
}

describe('one-click apply', () => {
  it('makes the same application as the form, mail and webhook included, with its own copy of the resume', async () => {
    const { db, orgId, member, context } = await setup();
    // A subscriber, so that each application writes its `application.created` event.
    await db.insert(webhookSubscriptions).values({
      organizationId: orgId,
      events: ['application.created'],
      eventsKey: 'application.created',
      targetUrl: 'https://hooks.example/boardkit',
    });
    const note = 'I would love to.';
    const viaForm = await submitBoardApplication(
      { ...context, memberId: member.id },
      fields(
        { name: 'Ada Lovelace', email: member.email, phone: '+44 20 7946 0000', cover_letter: note },
        { bytes: PDF, name: 'ada-cv.pdf' },
      ),
    );
    const viaProfile = await submitProfileApplication(context, member, fields({ cover_letter: note }));
    expect(viaForm).toEqual({ ok: true, applicationId: expect.any(String) });
    expect(viaProfile).toEqual({ ok: true, applicationId: expect.any(String) });
    const read = async (id: string) => {
      const [row] = await db.select().from(applications).where(eq(applications.id, id));
      return row!;
    };
    const [formRow, profileRow] = [
      await read(viaForm.ok ? viaForm.applicationId! : ''),
      await read(viaProfile.ok ? viaProfile.applicationId! : ''),
    ];
    const comparable = ({ id, resumeKey, createdAt, updatedAt, ...rest }: typeof formRow) => rest;
    expect(comparable(profileRow)).toEqual(comparable(formRow));
    expect(profileRow).toMatchObject({
      name: 'Ada Lovelace',
      email: member.email.toLowerCase(),
      phone: '+44 20 7946 0000',
      coverLetter: note,
      resumeFilename: 'ada-cv.pdf',
      source: 'board',
      status: 'pending',
      memberId: member.id,
    });
    // A copy of its own under the application's id, not the profile's file.
    expect(profileRow.resumeKey).toBe(`resumes/${orgId}/${profileRow.id}.pdf`);
    expect(await fileOf(profileRow.resumeKey!)).toEqual(PDF);

    const events = await db
      .select({ payload: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'application.created')));
    const sent = (payload: unknown) => {
      const { id, resume_url, created_at, updated_at, ...rest } = payload as Record<string, unknown>;
      return rest;
    };
    expect(events).toHaveLength(2);
    expect(sent(events[0]!.payload)).toEqual(sent(events[1]!.payload));
    const notices = () =>
      smtp.received
        // Quoted-printable may fold a long line anywhere: unfolded first.
        .map((mail) => ({ ...mail, raw: mail.raw.replace(/=\r?\n/g, '') }))
        .filter((mail) => mail.raw.includes(formRow.id) || mail.raw.includes(profileRow.id))
        .map((mail) => mail.to);
    await runMailWorker(await getDb());
    await expect.poll(notices).toEqual([['hiring@acme.example'], ['hiring@acme.example']]);

    // A later resume on the profile leaves what was sent as it was; the old profile file goes.
    const replaced = await readResume(new File([OTHER_PDF as Uint8Array<ArrayBuffer>], 'new-cv.pdf'));
    if ('error' in replaced) throw new Error(replaced.error);
    const updated = await setMemberResume(db, orgId, member.id, replaced);
    expect(await fileOf(profileRow.resumeKey!)).toEqual(PDF);
    await expect.poll(() => privateFiles().size(member.resumeKey!)).toBeNull();
    expect(await fileOf(updated.resumeKey!)).toEqual(OTHER_PDF);
  });

  it('sends no cover note when none is typed, and refuses one too long with the note kept', async () => {
    const { db, member, context } = await setup();
    const result = await submitProfileApplication(context, member, fields({ cover_letter: '  ' }));
    expect(result.ok).toBe(true);
    const [row] = await db
      .select({ coverLetter: applications.coverLetter })
      .from(applications)
      .where(eq(applications.memberId, member.id));
    expect(row).toEqual({ coverLetter: null });
    const long = 'x'.repeat(20_001);
    expect(await submitProfileApplication(context, member, fields({ cover_letter: long }))).toEqual({
      ok: false,
      reason: 'invalid',
      values: { name: 'Ada Lovelace', email: member.email, phone: '+44 20 7946 0000', cover_letter: long },
      errors: { cover_letter: 'At most 20,000 characters' },
    });
  });

  it('refuses what the form refuses: a closed or external job, the paywall, the throttle; and a profile without a resume', async () => {
    const { db, orgId, member, context } = await setup();
    const closed = (result: Awaited<ReturnType<typeof submitProfileApplication>>) =>
      !result.ok && result.reason;

    const external = await getJob(
      db,
      orgId,
      (await createTestJob(orgId, { how_to_apply: 'https://acme.example/jobs/1' })).id,
    );
    expect(closed(await submitProfileApplication({ ...context, job: external }, member, fields({})))).toBe(
      'closed',
    );

    await updateJob(db, orgId, context.job.id, { status: 'expired' });
    const expired = await getJob(db, orgId, context.job.id);
    expect(closed(await submitProfileApplication({ ...context, job: expired }, member, fields({})))).toBe(
      'closed',
    );

    const gated = await setup();
    await putPaymentSettings(gated.db, gated.orgId, {
      provider: 'local',
      paywall: { apply: true, jobs_preview_count: null, members_only_posts: false },
    });
    const refusal = await submitProfileApplication(gated.context, gated.member, fields({}));
    expect(refusal).toMatchObject({
      ok: false,
      reason: 'closed',
      errors: { form: 'Applying to this job is for subscribers: see the subscription plans.' },
    });

    const open = await setup();
    const bare: Member = await findMember(open.db, open.orgId, (await memberOf(open.orgId, 'candidate')).id);
    expect(await submitProfileApplication(open.context, bare, fields({}))).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: { resume: 'Add your resume to your profile first (PDF, DOC or DOCX).' },
    });
    // Bots that fill the honeypot are answered as applied and nothing is stored.
    expect(
      await submitProfileApplication(open.context, open.member, fields({ [HONEYPOT_FIELD]: 'x' })),
    ).toEqual({
      ok: true,
      applicationId: null,
    });
    // The form's limit per client and board counts both ways of applying.
    const limit = throttles.boardApply.perClient[0].max;
    // The refusal for the missing resume came after the throttle, as a form's refused fields do.
    for (let sent = 1; sent < limit; sent += 1) {
      expect((await submitProfileApplication(open.context, open.member, fields({}))).ok).toBe(true);
    }
    expect(await submitProfileApplication(open.context, open.member, fields({}))).toMatchObject({
      ok: false,
      reason: 'rate_limited',
    });
  });

  it('refuses a member of another board', async () => {
    const one = await setup();
    const other = await setup();
    expect(await submitProfileApplication(one.context, other.member, fields({}))).toMatchObject({
      ok: false,
      reason: 'closed',
    });
    expect(
      await one.db.select().from(applications).where(eq(applications.jobId, one.context.job.id)),
    ).toEqual([]);
  });
});
