// The board's job form, from its text to a posted job: the text becomes the API's body through the
// job forms' one adapter (lib/jobs), the API's job schema checks it (the same rules, in the form's
// words), then the job is paid with a credit or sent to checkout. The same form edits the member's
// own job.
import { z } from 'zod';
import type { Database } from '@/db/client';
import type { Member } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import type { Db } from '@/lib/core/transaction';
import { type FormErrorRules, type FormProblem, formErrors } from '@/lib/forms';
import { type JobFormText, jobBodyFromText, jobFormFields, type MemberEditOutcome } from '@/lib/jobs';
import { type CreateJobInput, createJobBodySchema, jobConsistencyIssues } from '@/lib/jobs/schemas';
import { editPostedJob, postJobWithCheckout, postJobWithCredit } from '@/lib/payments';
import type { PlanOut } from '@/lib/plans/schemas';

/** The form's inputs when posting: the job's (`jobFormFields`, all an edit sends), and `payment` (`credit` or a plan id). */
export const postJobFields = [...jobFormFields, 'payment'] as const;

export type PostJobValues = JobFormText;

/** Pays with one of the member's remaining job posts instead of a plan. */
export const CREDIT = 'credit';

/** What the form starts with: applications through the board, to the member's own address. */
export function blankJobValues(member: Pick<Member, 'email'>, payment: string): PostJobValues {
  const values: PostJobValues = Object.fromEntries(postJobFields.map((name) => [name, '']));
  return { ...values, how_to_apply_method: 'form-internal', contact_email: member.email, payment };
}

/** The API's body for the form's text; nothing an employer may not set (status, featured, expiry). */
export function jobBodyFromValues(values: PostJobValues): Record<string, unknown> {
  const body = jobBodyFromText(values);
  // Applying through the board needs no address: applications go to the contact email.
  return body.how_to_apply_method === 'form-internal' ? { ...body, how_to_apply: null } : body;
}

const salaryWords = (which: string) => (problem: FormProblem) => {
  if (problem.code === 'too_small') return `The ${which} salary cannot be negative.`;
  if (problem.code === 'too_big') return `The ${which} salary is too large.`;
  return `Enter the ${which} salary as a number, like 50000.`;
};

function errorRules(values: PostJobValues): FormErrorRules {
  const email = values.how_to_apply_method === 'email';
  const tooLong = (what: string, max: string, otherwise: string) => (problem: FormProblem) =>
    problem.code === 'too_big' ? `${what} can be at most ${max} characters.` : otherwise;
  return {
    fields: postJobFields,
    answers: ['validation_error', 'conflict', 'not_found'],
    fieldWords: {
      title: tooLong('The title', '200', 'Enter the job title.'),
      company_name: tooLong('The company name', '200', 'Enter the company name.'),
      description: tooLong('The description', '100,000', 'Describe the job.'),
      location: 'The location can be at most 200 characters.',
      job_type: 'Choose a job type from the list.',
      salary_min: salaryWords('minimum'),
      salary_max: {
        custom: 'The maximum salary must be at least the minimum.',
        invalid_type: salaryWords('maximum'),
        too_small: salaryWords('maximum'),
        too_big: salaryWords('maximum'),
      },
      salary_currency: 'Enter a currency code of three letters, like USD or EUR.',
      salary_period: 'Choose how often the salary is paid.',
      how_to_apply_method: 'Choose how people apply.',
      how_to_apply: email
        ? 'Enter the email address applications go to, like jobs@example.com.'
        : 'Enter the address of your application page, starting with https://.',
      contact_email: 'Enter an email address like name@example.com.',
    },
  };
}

/** Problems the API's schema leaves to the caller: what the board's form needs to be of use. */
function formOnlyIssues(body: Record<string, unknown>, payment: 'valid' | 'missing'): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const issue = (field: string, message: string) =>
    issues.push({ code: 'custom', path: [field], message, input: undefined });
  const method = body.how_to_apply_method;
  if ((method === 'form-external' || method === 'email') && !body.how_to_apply)
    issue('how_to_apply', 'required');
  // Applications sent through the board, and the board's word about the job, go here.
  if (!body.contact_email) issue('contact_email', 'required');
  if (payment === 'missing') issue('payment', 'Choose how to pay for this job.');
  return issues;
}

export type ParsedJobForm =
  | { ok: true; input: CreateJobInput }
  | { ok: false; error?: string; fieldErrors: Record<string, string> };

/**
 * The form's text as the job, or every problem with it at once: the schema's field rules, its
 * rules across fields (which zod checks only once the fields pass) and the form's own. An edit
 * passes null for `paymentChoices` (its job is paid for) and holds every field, so it meets the
 * same rules as a new job.
 */
export function parseJobForm(values: PostJobValues, paymentChoices: readonly string[] | null): ParsedJobForm {
  const body = jobBodyFromValues(values);
  const parsed = createJobBodySchema.safeParse(body);
  const payment =
    paymentChoices === null || paymentChoices.includes(values.payment ?? '') ? 'valid' : 'missing';
  const issues = [...(parsed.success ? [] : parsed.error.issues), ...formOnlyIssues(body, payment)];
  if (!parsed.success) {
    for (const { path, message } of jobConsistencyIssues(body as Parameters<typeof jobConsistencyIssues>[0]))
      issues.push({ code: 'custom', path: [path], message, input: undefined });
  }
  if (parsed.success && issues.length === 0) return { ok: true, input: parsed.data };
  return { ok: false, ...formErrors(new z.ZodError(issues), errorRules(values)) };
}

export interface PostJobContext {
  db: Db;
  orgId: number;
  member: Member;
  /** The job plans on sale (the form's choices besides a credit). */
  jobPlans: Pick<PlanOut, 'id'>[];
  /** Whether the member has job posts left to use. */
  hasCredit: boolean;
  /** Where the checkout for the new job sends the member back to. */
  urls: (jobId: string) => {
    successUrl: string;
    cancelUrl: string;
    localCheckoutUrl: (sessionId: string) => string;
  };
}

export type PostJobOutcome =
  | { ok: true; jobId: string; checkoutUrl: string | null }
  | { ok: false; error?: string; fieldErrors: Record<string, string> };

/** Posts the job the form describes: with a credit (live at once), or held until its checkout is paid. */
export async function postJobFromForm(
  context: PostJobContext,
  values: PostJobValues,
): Promise<PostJobOutcome> {
  const { db, orgId, member } = context;
  const choices = [...(context.hasCredit ? [CREDIT] : []), ...context.jobPlans.map((plan) => plan.id)];
  const parsed = parseJobForm(values, choices);
  if (!parsed.ok) return parsed;
  try {
    if (values.payment === CREDIT) {
      const job = await postJobWithCredit(db, orgId, member, parsed.input);
      return { ok: true, jobId: job.id, checkoutUrl: null };
    }
    const { job, url } = await postJobWithCheckout(
      db,
      orgId,
      member,
      parsed.input,
      values.payment!,
      context.urls,
    );
    return { ok: true, jobId: job.id, checkoutUrl: url };
  } catch (error) {
    // Refusals about paying (no posts left, a plan taken off sale, not an approved employer)
    // show beside the choice of how to pay.
    if (error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found')) {
      return {
        ok: false,
        fieldErrors: {
          payment:
            error.code === 'not_found' ? 'That plan is no longer offered: choose another.' : error.message,
        },
      };
    }
    return { ok: false, ...formErrors(error, errorRules(values)) };
  }
}

export interface OwnJobContext {
  db: Database;
  orgId: number;
  member: Pick<Member, 'id'>;
}

export type EditJobOutcome =
  | { ok: true; outcome: MemberEditOutcome }
  | { ok: false; error?: string; fieldErrors: Record<string, string> };

/**
 * Saves the form's fields on the member's own job while it can still change. Only the fields the
 * form holds are sent: status, featured placement and expiry stay as the payment and the board set
 * them, except that a board approving employers' jobs reviews a live job's changes first.
 */
export async function editJobFromForm(
  { db, orgId, member }: OwnJobContext,
  id: string,
  values: PostJobValues,
): Promise<EditJobOutcome> {
  const parsed = parseJobForm(values, null);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true, outcome: await editPostedJob(db, orgId, member.id, id, parsed.input) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      return { ok: false, error: 'This job is not one of yours.', fieldErrors: {} };
    if (error instanceof AppError && error.code === 'conflict')
      return { ok: false, error: error.message, fieldErrors: {} };
    return { ok: false, ...formErrors(error, errorRules(values)) };
  }
}
