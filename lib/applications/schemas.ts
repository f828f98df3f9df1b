import { z } from 'zod';
import { httpUrl, optionalText, plainText } from '@/lib/core/fields';
import { paginationQuery } from '@/lib/core/pagination';

export const applicationStatuses = ['pending', 'reviewed', 'shortlisted', 'rejected', 'hired'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusSchema = z.enum(applicationStatuses, {
  error: `Expected one of: ${applicationStatuses.join(', ')}`,
});

export const createApplicationBodySchema = z.object({
  name: z.string().trim().min(1, { error: 'Applicant name is required' }).max(200),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Expected an email address' }).max(320))
    .describe('An email address, at most 320 characters; stored lowercased.'),
  phone: optionalText(50),
  cover_letter: optionalText(20_000),
  resume_url: httpUrl.nullable().optional(),
  answers: z
    .record(z.string().max(200), z.unknown())
    .refine((answers) => JSON.stringify(answers).length <= 50_000, { error: 'Answers are limited to 50 KB' })
    .nullable()
    .optional()
    .describe("Answers to the board's application questions, keyed by question."),
  source: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Where the application came from; default `api`.'),
  status: applicationStatusSchema
    .optional()
    .describe('Default `pending`; imports from an ATS may carry a later status.'),
});

/** The largest resume the board's apply form takes. */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
/** A hidden input of the board's apply form that people never see; bots that fill every input fill it. */
export const HONEYPOT_FIELD = 'website';

/**
 * The board's apply form: the API's application, from a person rather than an integration, so a
 * cover letter is required. The resume is a file, checked by its content (lib/applications/board-apply.ts).
 */
export const boardApplicationSchema = createApplicationBodySchema
  .pick({ name: true, email: true, phone: true })
  .extend({ cover_letter: z.string().trim().min(1).max(20_000) });

/**
 * One-click apply with the member's profile: the same fields from the profile (the email is the
 * member's sign-in address) and a cover note the applicant may leave out.
 */
export const profileApplicationSchema = boardApplicationSchema.extend({
  cover_letter: optionalText(20_000),
});

export const applyFields = ['name', 'email', 'phone', 'cover_letter', 'resume'] as const;
export type ApplyField = (typeof applyFields)[number];

/** What the applicant typed, given back with the form's errors. */
export type ApplyValues = Record<Exclude<ApplyField, 'resume'>, string>;

export type ApplyResult =
  | { ok: true; applicationId: string | null }
  | {
      ok: false;
      /** invalid: fix the fields; closed: the job takes no applications here; rate_limited: wait. */
      reason: 'invalid' | 'closed' | 'rate_limited';
      values: ApplyValues;
      errors: Partial<Record<ApplyField | 'form', string>>;
    };

export const updateApplicationBodySchema = z.object({ status: applicationStatusSchema });

export const listApplicationsQuerySchema = z.object({
  ...paginationQuery(20),
  job_id: z.uuid({ error: 'Expected a job id (UUID)' }).optional(),
  status: applicationStatusSchema.optional(),
});

export const applicationSchema = z
  .object({
    id: z.uuid(),
    job_id: z.uuid(),
    name: plainText(),
    email: z.string(),
    phone: plainText().nullable(),
    cover_letter: plainText('Line breaks are kept.').nullable(),
    resume_url: z
      .string()
      .nullable()
      .describe(
        'The resume: the URL sent on create, or for a resume uploaded on the board a signed link to the private file, valid for 7 days from this response.',
      ),
    answers: z.record(z.string(), z.unknown()).nullable(),
    status: applicationStatusSchema,
    source: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Application' });

export type CreateApplicationInput = z.output<typeof createApplicationBodySchema>;
export type ListApplicationsQuery = z.output<typeof listApplicationsQuerySchema>;
export type ApplicationOut = z.infer<typeof applicationSchema>;
