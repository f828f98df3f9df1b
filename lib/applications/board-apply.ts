// An application made on the board, with its apply form or in one click with the member's profile:
// the job must take applications here and the paywall let the visitor apply, the client is
// throttled, the fields meet the API's application schema (boardApplicationSchema extends it), the
// resume is checked by its content and stored privately; then the API's own createApplication
// (source `board`, `application.created`), a conversion in the board's analytics, and a notice to
// the job's contact address. Both ways share every step but where the fields and the file come from.
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import type { Member, Organization } from '@/db/schema';
import { flushEvents, trackEvent } from '@/lib/analytics';
import { emailsOfTeammatesFor, hasDashboardSession, noticeSettingsLink } from '@/lib/auth';
import { formatBytes } from '@/lib/core/format';
import { newId } from '@/lib/core/ids';
import { storableText } from '@/lib/core/json-limits';
import { logError } from '@/lib/core/logger';
import { type FormErrorRules, type FormProblem, formErrors, formText } from '@/lib/forms';
import type { JobOut } from '@/lib/jobs/schemas';
import { queueMail, queueMails, renderMail } from '@/lib/mail';
import { appUrl, resolveLook } from '@/lib/organizations';
import { applyingBehindPaywall, paywallView } from '@/lib/payments';
import { minutesUntil, throttle, throttles } from '@/lib/rate-limit';
import { privateFiles, resumeLink } from './resume';
import {
  type ApplyField,
  type ApplyResult,
  type ApplyValues,
  boardApplicationSchema,
  HONEYPOT_FIELD,
  profileApplicationSchema,
  RESUME_MAX_BYTES,
} from './schemas';
import { createApplication } from './service';

type Errors = Partial<Record<ApplyField | 'form', string>>;

/** The applicant's fields as parsed: the form's (a cover letter required) or the profile's (optional). */
type Applicant = z.output<typeof profileApplicationSchema>;

/** The schema's refusals in the form's words. */
function errorRules(values: ApplyValues): FormErrorRules {
  const tooLong = (max: string, otherwise: string) => (problem: FormProblem) =>
    problem.code === 'too_big' ? `At most ${max} characters` : otherwise;
  return {
    fields: ['name', 'email', 'phone', 'cover_letter'],
    fieldWords: {
      name: tooLong('200', 'Enter your name'),
      email: values.email.trim()
        ? 'Enter an email address like name@example.com'
        : 'Enter your email address',
      phone: 'At most 50 characters',
      cover_letter: tooLong('20,000', 'Write a short cover letter'),
    },
  };
}

/** The resume's kind by its bytes (never its name or declared type): PDF, DOCX, or a DOC (OLE file named .doc). */
async function resumeKind(file: File, bytes: Uint8Array): Promise<'pdf' | 'doc' | 'docx' | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'pdf' || type?.ext === 'docx') return type.ext;
  if (type?.ext === 'cfb' && /\.doc$/i.test(file.name)) return 'doc';
  return undefined;
}

export type ResumeKind = 'pdf' | 'doc' | 'docx';
export type Resume = { bytes: Uint8Array; kind: ResumeKind; name: string };

/** The uploaded resume, or why it cannot be taken: the one rule for applications and profiles. */
export async function readResume(file: FormDataEntryValue | null): Promise<Resume | { error: string }> {
  if (!(file instanceof File) || file.size === 0) return { error: 'Attach your resume (PDF, DOC or DOCX)' };
  if (file.size > RESUME_MAX_BYTES)
    return {
      error: `The file is ${formatBytes(file.size)}; the limit is ${formatBytes(RESUME_MAX_BYTES)}`,
    };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = await resumeKind(file, bytes);
  if (!kind) return { error: 'This file is not a PDF, DOC or DOCX document' };
  return { bytes, kind, name: storableText(file.name).slice(0, 200) || `resume.${kind}` };
}

export interface ApplyContext {
  db: Database;
  org: Organization;
  job: JobOut;
  clientAddress: string;
  /** The signed-in member applying, if any. */
  memberId?: string | null;
  /** The request's headers: the application counts in the board's analytics as this visit's. */
  headers?: Headers;
}

type Fail = (errors: Errors, reason?: 'invalid' | 'closed' | 'rate_limited') => ApplyResult;

const failing =
  (values: ApplyValues): Fail =>
  (errors, reason = 'invalid') => ({ ok: false, reason, values, errors });

/**
 * What every application passes before its fields are read: the job takes applications here, the
 * paywall lets this visitor apply, and the client is within its limit. Null when it may go on; a
 * bot that filled the honeypot is answered as if it applied.
 */
async function admit(
  { db, org, job, clientAddress, memberId }: ApplyContext,
  form: FormData,
  fail: Fail,
): Promise<ApplyResult | null> {
  if (job.status !== 'active' || job.how_to_apply_method !== 'form-internal') {
    return fail({ form: 'This job is not accepting applications on this board any more.' }, 'closed');
  }
  if (await applyingBehindPaywall(db, org.id, job, await paywallView(db, org.id, memberId ?? null))) {
    return fail({ form: 'Applying to this job is for subscribers: see the subscription plans.' }, 'closed');
  }
  // A bot gets the confirmation page and nothing is stored.
  if (formText(form, HONEYPOT_FIELD).trim() !== '') return { ok: true, applicationId: null };

  const refused = await throttle(throttles.boardApply, { client: clientAddress, scope: org.id });
  if (refused) {
    const minutes = minutesUntil(refused.reset);
    return fail(
      {
        form: `Too many applications from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      },
      'rate_limited',
    );
  }
  return null;
}

export async function submitBoardApplication(context: ApplyContext, form: FormData): Promise<ApplyResult> {
  const values: ApplyValues = {
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    cover_letter: formText(form, 'cover_letter'),
  };
  const fail = failing(values);
  const refused = await admit(context, form, fail);
  if (refused) return refused;

  const parsed = boardApplicationSchema.safeParse(values);
  const errors: Errors = parsed.success ? {} : formErrors(parsed.error, errorRules(values)).fieldErrors;
  const resume = await readResume(form.get('resume'));
  if ('error' in resume) errors.resume = resume.error;
  if (!parsed.success || 'error' in resume) return fail(errors);
  return store(context, parsed.data, resume);
}

/**
 * One-click apply: the signed-in member's profile (name, sign-in email, phone, resume) and the
 * optional cover note typed on the review step. The profile's resume is copied into the
 * application, so a later change of the profile never changes what was sent.
 */
export async function submitProfileApplication(
  context: ApplyContext,
  member: Member,
  form: FormData,
): Promise<ApplyResult> {
  const values: ApplyValues = {
    name: member.name,
    email: member.email,
    phone: member.phone ?? '',
    cover_letter: formText(form, 'cover_letter'),
  };
  const fail = failing(values);
  if (member.organizationId !== context.org.id) {
    return fail({ form: 'Sign in on this board to apply with your profile.' }, 'closed');
  }
  const refused = await admit({ ...context, memberId: member.id }, form, fail);
  if (refused) return refused;

  const parsed = profileApplicationSchema.safeParse(values);
  if (!parsed.success) {
    const { fieldErrors } = formErrors(parsed.error, errorRules(values));
    const { cover_letter, ...profile } = fieldErrors;
    // The profile's own fields are fixed in the account, not on this step.
    return fail({
      ...(cover_letter ? { cover_letter } : {}),
      ...(Object.keys(profile).length > 0
        ? { form: 'Your profile is not complete: check your name and phone in your account.' }
        : {}),
    });
  }
  const stored = member.resumeKey && (await privateFiles().read(member.resumeKey));
  if (!member.resumeKey || !stored) {
    return fail({ resume: 'Add your resume to your profile first (PDF, DOC or DOCX).' });
  }
  const bytes = new Uint8Array(await new Response(stored).arrayBuffer());
  const kind = member.resumeKey.split('.').pop() as ResumeKind;
  const name = member.resumeFilename ?? `resume.${kind}`;
  return store({ ...context, memberId: member.id }, parsed.data, { bytes, kind, name });
}

/** The application with its own copy of the resume, then its conversion and its notice (announceApplication). */
async function store(
  { db, org, job, clientAddress, memberId, headers }: ApplyContext,
  applicant: Applicant,
  resume: Resume,
): Promise<ApplyResult> {
  const applicationId = newId();
  const key = `resumes/${org.id}/${applicationId}.${resume.kind}`;
  await privateFiles().put(key, resume.bytes);
  let application: Awaited<ReturnType<typeof createApplication>>;
  try {
    application = await createApplication(
      db,
      org.id,
      job.id,
      { ...applicant, source: 'board' },
      { resume: { applicationId, key, filename: resume.name }, memberId },
    );
  } catch (error) {
    await privateFiles().delete(key);
    throw error;
  }
  // A conversion of the board's analytics; rare enough to write at once.
  if (headers && job.url && !hasDashboardSession(headers)) {
    const input = { name: 'application', url: new URL(job.url), boardSlug: org.slug, jobId: job.id };
    const visit = { address: clientAddress, userAgent: headers.get('user-agent') ?? '', headers };
    await trackEvent(org.id, input, visit, new Date(), db)
      .then(() => flushEvents(db))
      .catch((error) => logError('application_not_counted', error));
  }
  await announceApplication(db, org, job, application.id, applicant);
  return { ok: true, applicationId: application.id };
}

/**
 * Tells the job's contact about the application or, for a job that names none, the teammates who
 * review applications: through the outbox, so the notice is retried when the mail server refuses,
 * listed in the mail log (the résumé link masked), and never holds the applicant's request on SMTP.
 * A failure to queue it is logged; the application stands.
 */
async function announceApplication(
  db: Database,
  org: Organization,
  job: JobOut,
  applicationId: string,
  applicant: Applicant,
): Promise<void> {
  const subject = `New application: ${job.title} — ${applicant.name}`;
  const about = {
    kind: 'application_received',
    organizationId: org.id,
    replyTo: applicant.email,
    subject,
  };
  try {
    if (job.contact_email) {
      const resume = resumeLink(applicationId);
      await queueMail(db, {
        ...about,
        to: job.contact_email,
        text: [
          `${applicant.name} applied for ${job.title} (${job.company_name}).`,
          '',
          `Email: ${applicant.email}`,
          ...(applicant.phone ? [`Phone: ${applicant.phone}`] : []),
          `Resume (link valid for 7 days): ${resume}`,
          ...(applicant.cover_letter ? ['', 'Cover letter:', applicant.cover_letter] : []),
          '',
          `Reply to this email to answer ${applicant.name} directly.`,
        ].join('\n'),
        secrets: [resume],
      });
      return;
    }
    const team = await emailsOfTeammatesFor(db, org.id, 'application_received');
    const look = resolveLook(org.name, org.board);
    const mail = renderMail(
      { name: look.name, accent: look.accent },
      {
        subject,
        heading: `${applicant.name} applied for ${job.title}`,
        paragraphs: [
          `${applicant.name} (${applicant.email}) applied for ${job.title} at ${job.company_name} on ${look.name}.`,
          'The job names no contact, so this goes to everyone who reviews applications. Reply to this email to answer the applicant directly.',
        ],
        button: {
          label: 'Review the application',
          url: `${appUrl()}/dashboard/applications/${applicationId}`,
        },
        footer: [`You get this message because you review applications on ${look.name} on Boardkit.`],
        footerLinks: [noticeSettingsLink()],
      },
    );
    await queueMails(
      db,
      team.map((to) => ({ ...about, to, ...mail })),
    );
  } catch (error) {
    logError('application_notice_not_queued', error, { applicationId });
  }
}
