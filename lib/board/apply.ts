// An application made on the board's form: checked like the API's (same schema), a resume checked
// by its content and stored privately, then the same createApplication as the API (source
// `board`, `application.created`), and a notice to the job's contact address.
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { Database } from '@/db/client';
import type { Organization } from '@/db/schema';
import { flushEvents, trackEvent } from '@/lib/analytics';
import { createApplication, privateFiles, resumeLink } from '@/lib/applications';
import { hasDashboardSession } from '@/lib/auth';
import { formatBytes } from '@/lib/core/format';
import { newId } from '@/lib/core/ids';
import { storableText } from '@/lib/core/json-limits';
import { logError } from '@/lib/core/logger';
import { formText } from '@/lib/forms';
import type { JobOut } from '@/lib/jobs/schemas';
import { sendMail } from '@/lib/mail';
import { jobBehindPaywall, paywallView } from '@/lib/payments';
import { getRateLimiter } from '@/lib/rate-limit';

export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
/** Applications per client address and board in APPLY_WINDOW_MS. */
export const APPLY_LIMIT = 5;
export const APPLY_WINDOW_MS = 10 * 60_000;
/** A hidden field people never see; bots that fill every input fill it. */
export const HONEYPOT_FIELD = 'website';

export const applyFields = ['name', 'email', 'phone', 'cover_letter', 'resume'] as const;
export type ApplyField = (typeof applyFields)[number];

export interface ApplyValues {
  name: string;
  email: string;
  phone: string;
  cover_letter: string;
}

export type ApplyResult =
  | { ok: true; applicationId: string | null }
  | {
      ok: false;
      /** invalid: fix the fields; closed: the job takes no applications here; rate_limited: wait. */
      reason: 'invalid' | 'closed' | 'rate_limited';
      values: ApplyValues;
      errors: Partial<Record<ApplyField | 'form', string>>;
    };

const applySchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(200, { error: 'At most 200 characters' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: 'Enter your email address' })
    .pipe(z.email({ error: 'Enter an email address like name@example.com' }).max(320)),
  phone: z.string().trim().max(50, { error: 'At most 50 characters' }),
  cover_letter: z
    .string()
    .trim()
    .min(1, { error: 'Write a short cover letter' })
    .max(20_000, { error: 'At most 20,000 characters' }),
});

/** The resume's kind by its bytes (never its name or declared type): PDF, DOCX, or a DOC (OLE file named .doc). */
async function resumeKind(file: File, bytes: Uint8Array): Promise<'pdf' | 'doc' | 'docx' | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'pdf' || type?.ext === 'docx') return type.ext;
  if (type?.ext === 'cfb' && /\.doc$/i.test(file.name)) return 'doc';
  return undefined;
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
    name: formText(form, 'name').slice(0, 200),
    email: formText(form, 'email').slice(0, 320),
    phone: formText(form, 'phone').slice(0, 50),
    cover_letter: formText(form, 'cover_letter').slice(0, 20_000),
  };
  const fail = (
    errors: Partial<Record<ApplyField | 'form', string>>,
    reason: 'invalid' | 'closed' | 'rate_limited' = 'invalid',
  ): ApplyResult => ({ ok: false, reason, values, errors });
  if (job.status !== 'active' || job.how_to_apply_method !== 'form-internal') {
    return fail({ form: 'This job is not accepting applications on this board any more.' }, 'closed');
  }
  const paywall = await paywallView(db, org.id, memberId ?? null);
  if (!paywall.open && (paywall.rules?.apply || (await jobBehindPaywall(db, org.id, job, paywall)))) {
    return fail({ form: 'Applying to this job is for subscribers: see the subscription plans.' }, 'closed');
  }
  // A bot gets the confirmation page and nothing is stored.
  if (formText(form, HONEYPOT_FIELD).trim() !== '') return { ok: true, applicationId: null };

  const limit = await getRateLimiter().limit(
    `board:apply:${org.id}:${clientAddress}`,
    APPLY_LIMIT,
    APPLY_WINDOW_MS,
  );
  if (!limit.success) {
    const minutes = Math.max(1, Math.ceil((limit.reset - Date.now()) / 60_000));
    return fail(
      {
        form: `Too many applications from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      },
      'rate_limited',
    );
  }

  const errors: Partial<Record<ApplyField | 'form', string>> = {};
  const parsed = applySchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ApplyField;
      errors[field] ??= issue.message;
    }
  }
  const file = form.get('resume');
  let resume: { bytes: Uint8Array; kind: 'pdf' | 'doc' | 'docx'; name: string } | undefined;
  if (!(file instanceof File) || file.size === 0) {
    errors.resume = 'Attach your resume (PDF, DOC or DOCX)';
  } else if (file.size > RESUME_MAX_BYTES) {
    errors.resume = `The file is ${formatBytes(file.size)}; the limit is ${formatBytes(RESUME_MAX_BYTES)}`;
  } else {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = await resumeKind(file, bytes);
    if (!kind) errors.resume = 'This file is not a PDF, DOC or DOCX document';
    else resume = { bytes, kind, name: storableText(file.name).slice(0, 200) || `resume.${kind}` };
  }
  if (!parsed.success || !resume || Object.keys(errors).length > 0) return fail(errors);

  const applicationId = newId();
  const key = `resumes/${org.id}/${applicationId}.${resume.kind}`;
  await privateFiles().put(key, resume.bytes);
  let application: Awaited<ReturnType<typeof createApplication>>;
  try {
    application = await createApplication(
      db,
      org.id,
      job.id,
      {
        name: parsed.data.name,
        email: parsed.data.email,
        phone: parsed.data.phone || null,
        cover_letter: parsed.data.cover_letter,
        source: 'board',
      },
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
  applicant: z.output<typeof applySchema>,
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
