// An application made with the board's apply form: the job must take applications here and the
// paywall let the visitor apply, the client is throttled, the fields meet the API's application
// schema (boardApplicationSchema extends it), the resume is checked by its content and stored
// privately; then the API's own createApplication (source `board`, `application.created`), a
// conversion in the board's analytics, and a notice to the job's contact address.
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import type { Organization } from '@/db/schema';
import { flushEvents, trackEvent } from '@/lib/analytics';
import { hasDashboardSession } from '@/lib/auth';
import { formatBytes } from '@/lib/core/format';
import { newId } from '@/lib/core/ids';
import { storableText } from '@/lib/core/json-limits';
import { logError } from '@/lib/core/logger';
import { type FormErrorRules, type FormProblem, formErrors, formText } from '@/lib/forms';
import type { JobOut } from '@/lib/jobs/schemas';
import { sendMail } from '@/lib/mail';
import { applyingBehindPaywall, paywallView } from '@/lib/payments';
import { minutesUntil, throttle, throttles } from '@/lib/rate-limit';
import { privateFiles, resumeLink } from './resume';
import {
  type ApplyField,
  type ApplyResult,
  type ApplyValues,
  boardApplicationSchema,
  HONEYPOT_FIELD,
  RESUME_MAX_BYTES,
} from './schemas';
import { createApplication } from './service';

type Errors = Partial<Record<ApplyField | 'form', string>>;

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

type Resume = { bytes: Uint8Array; kind: 'pdf' | 'doc' | 'docx'; name: string };

/** The uploaded resume, or why it cannot be taken. */
async function readResume(file: FormDataEntryValue | null): Promise<Resume | { error: string }> {
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

export async function submitBoardApplication(
  { db, org, job, clientAddress, memberId, headers }: ApplyContext,
  form: FormData,
): Promise<ApplyResult> {
  const values: ApplyValues = {
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    cover_letter: formText(form, 'cover_letter'),
  };
  const fail = (errors: Errors, reason: 'invalid' | 'closed' | 'rate_limited' = 'invalid'): ApplyResult => ({
    ok: false,
    reason,
    values,
    errors,
  });
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

  const parsed = boardApplicationSchema.safeParse(values);
  const errors: Errors = parsed.success ? {} : formErrors(parsed.error, errorRules(values)).fieldErrors;
  const resume = await readResume(form.get('resume'));
  if ('error' in resume) errors.resume = resume.error;
  if (!parsed.success || 'error' in resume) return fail(errors);

  const applicationId = newId();
  const key = `resumes/${org.id}/${applicationId}.${resume.kind}`;
  await privateFiles().put(key, resume.bytes);
  let application: Awaited<ReturnType<typeof createApplication>>;
  try {
    application = await createApplication(
      db,
      org.id,
      job.id,
      { ...parsed.data, source: 'board' },
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
  await notifyContact(job, application.id, parsed.data);
  return { ok: true, applicationId: application.id };
}

/** Tells the job's contact about the application; a mail failure is logged, the application stands. */
async function notifyContact(
  job: JobOut,
  applicationId: string,
  applicant: z.output<typeof boardApplicationSchema>,
): Promise<void> {
  if (!job.contact_email) return;
  try {
    await sendMail({
      to: job.contact_email,
      replyTo: applicant.email,
      subject: `New application: ${job.title} — ${applicant.name}`,
      text: [
        `${applicant.name} applied for ${job.title} (${job.company_name}).`,
        '',
        `Email: ${applicant.email}`,
        ...(applicant.phone ? [`Phone: ${applicant.phone}`] : []),
        `Resume (link valid for 7 days): ${resumeLink(applicationId)}`,
        '',
        'Cover letter:',
        applicant.cover_letter,
        '',
        `Reply to this email to answer ${applicant.name} directly.`,
      ].join('\n'),
    });
  } catch (error) {
    logError('application notice mail failed', error, { applicationId });
  }
}
