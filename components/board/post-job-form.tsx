'use client';

import { type ReactNode, useActionState, useEffect, useRef, useState } from 'react';
import { workplaceTypeLabels, workplaceTypes } from '@/lib/jobs/schemas';
import { JobTypeOptions } from './job-type-options';

/** What the job form's action answers when it does not redirect: the problems and what was typed. */
export interface PostJobFormState {
  error?: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  /** Counts answers, so the form remounts with the values it is given. */
  submission: number;
}

/** One way to pay for the job: a remaining job post (`credit`) or a plan on sale. */
export interface PaymentChoice {
  value: string;
  label: string;
  detail: string;
}

type Action = (previous: PostJobFormState | null, form: FormData) => Promise<PostJobFormState>;

/** Posting asks how to pay; editing a job (paid for already) does not. */
export type PostJobFormProps = { action: Action; initial: Record<string, string> } & (
  | { mode?: 'post'; payments: PaymentChoice[] }
  | { mode: 'edit'; payments?: undefined }
);

const words = {
  post: {
    problems: 'Please fix these before posting',
    failed: 'The job was not posted',
    submit: 'Post the job',
    pending: 'Posting…',
  },
  edit: {
    problems: 'Please fix these before saving',
    failed: 'Your changes were not saved',
    submit: 'Save changes',
    pending: 'Saving…',
  },
};

/** The inputs in the order the page shows them: the error summary lists problems in this order. */
const order = [
  'title',
  'company_name',
  'location',
  'job_type',
  'workplace_type',
  'description',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'how_to_apply_method',
  'how_to_apply',
  'contact_email',
  'payment',
];

const salaryPeriods = [
  { value: 'yearly', label: 'Per year' },
  { value: 'monthly', label: 'Per month' },
  { value: 'weekly', label: 'Per week' },
  { value: 'daily', label: 'Per day' },
  { value: 'hourly', label: 'Per hour' },
];

const applyMethods = [
  {
    value: 'form-internal',
    label: 'Through this board',
    hint: 'Candidates fill in a form here; each application is emailed to the contact email.',
  },
  { value: 'form-external', label: 'On your website', hint: 'Candidates go to your application page.' },
  { value: 'email', label: 'By email', hint: 'Candidates email their application to you.' },
];

const id = (name: string) => `post-job-${name}`;

/**
 * The board's job form, to post a job or edit one. Works without JavaScript (the server action
 * renders it again with the problems and what was typed); with it, the error summary takes focus
 * and the application field follows the method chosen.
 */
export function PostJobForm({ action, initial, mode = 'post', payments }: PostJobFormProps) {
  const say = words[mode];
  const [state, formAction, pending] = useActionState(action, null);
  const values = state?.values ?? initial;
  const errors = state?.fieldErrors ?? {};
  const summaryRef = useRef<HTMLDivElement>(null);
  const [method, setMethod] = useState(values.how_to_apply_method);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const problems = order.filter((name) => errors[name]);
  const hasProblems = Boolean(state?.error) || problems.length > 0;
  // A new answer with problems: the summary takes focus, so it is read first and links to each input.
  useEffect(() => {
    if (state && hasProblems) summaryRef.current?.focus();
  }, [state, hasProblems]);

  const control = (name: string, hint = false) => ({
    id: id(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hint ? `${id(name)}-hint` : '', errors[name] ? `${id(name)}-error` : ''].filter(Boolean).join(' ') ||
      undefined,
  });
  // Without JavaScript the one field serves both methods; with it, it names the one chosen.
  const applyLabel = !hydrated
    ? 'Application page or email address'
    : method === 'email'
      ? 'Application email address'
      : 'Application page';

  return (
    <form key={state?.submission ?? 0} action={formAction} noValidate className="space-y-10">
      {hasProblems && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="post-job-problems-heading"
          className="rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          <h2 id="post-job-problems-heading" className="font-semibold">
            {problems.length > 0 ? say.problems : say.failed}
          </h2>
          {state?.error && <p className="mt-1 text-sm">{state.error}</p>}
          {problems.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {problems.map((name) => (
                <li key={name}>
                  <a className="font-medium underline" href={`#${firstInputOf(name, values)}`}>
                    {errors[name]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <section aria-labelledby="post-job-about" className="space-y-5">
        <h2 id="post-job-about" className="text-lg font-semibold">
          The job
        </h2>
        <Field name="title" label="Job title" marker="required" error={errors.title}>
          <input
            {...control('title')}
            type="text"
            required
            maxLength={200}
            defaultValue={values.title}
            className="board-input"
          />
        </Field>
        <Field name="company_name" label="Company name" marker="required" error={errors.company_name}>
          <input
            {...control('company_name')}
            type="text"
            required
            autoComplete="organization"
            maxLength={200}
            defaultValue={values.company_name}
            className="board-input"
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            name="location"
            label="Location"
            hint="A city or region, like Berlin. Leave empty for a job done anywhere."
            error={errors.location}
          >
            <input
              {...control('location', true)}
              type="text"
              maxLength={200}
              defaultValue={values.location}
              className="board-input"
            />
          </Field>
          <Field name="job_type" label="Job type" error={errors.job_type}>
            <select {...control('job_type')} defaultValue={values.job_type} className="board-input">
              <JobTypeOptions />
            </select>
          </Field>
        </div>
        <Field
          name="workplace_type"
          label="Workplace"
          hint="Hybrid: partly at an office, partly at home (give the office's city). Remote: fully from home."
          error={errors.workplace_type}
        >
          <select
            {...control('workplace_type')}
            defaultValue={values.workplace_type || 'on_site'}
            className="board-input"
          >
            {workplaceTypes.map((type) => (
              <option key={type} value={type}>
                {workplaceTypeLabels[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          name="description"
          label="Description"
          marker="required"
          hint="Plain text. A blank line starts a new paragraph; lines starting with “- ” become a list."
          error={errors.description}
        >
          <textarea
            {...control('description', true)}
            required
            rows={12}
            maxLength={100_000}
            defaultValue={values.description}
            className="board-input h-auto py-2"
          />
        </Field>
      </section>

      <section aria-labelledby="post-job-salary" className="space-y-5">
        <div>
          <h2 id="post-job-salary" className="text-lg font-semibold">
            Salary <span className="font-normal text-zinc-700">(optional)</span>
          </h2>
          <p className="text-sm text-zinc-700">Jobs that show a salary get more applications.</p>
        </div>
        <div className="grid gap-5 sm:grid-cols-4">
          <Field name="salary_min" label="From" marker="none" error={errors.salary_min}>
            <input
              {...control('salary_min')}
              type="text"
              inputMode="decimal"
              defaultValue={values.salary_min}
              className="board-input"
            />
          </Field>
          <Field name="salary_max" label="To" marker="none" error={errors.salary_max}>
            <input
              {...control('salary_max')}
              type="text"
              inputMode="decimal"
              defaultValue={values.salary_max}
              className="board-input"
            />
          </Field>
          <Field
            name="salary_currency"
            label="Currency"
            marker="none"
            hint="Like USD or EUR."
            error={errors.salary_currency}
          >
            <input
              {...control('salary_currency', true)}
              type="text"
              maxLength={3}
              autoCapitalize="characters"
              defaultValue={values.salary_currency}
              className="board-input uppercase"
            />
          </Field>
          <Field name="salary_period" label="Period" marker="none" error={errors.salary_period}>
            <select {...control('salary_period')} defaultValue={values.salary_period} className="board-input">
              <option value="">Not said</option>
              {salaryPeriods.map((period) => (
                <option key={period.value} value={period.value}>
                  {period.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </section>

      <section aria-labelledby="post-job-apply" className="space-y-5">
        <h2 id="post-job-apply" className="text-lg font-semibold">
          Applications
        </h2>
        <fieldset
          aria-describedby={errors.how_to_apply_method ? `${id('how_to_apply_method')}-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">How do people apply?</legend>
          <div className="space-y-2">
            {applyMethods.map((option) => (
              <label key={option.value} className="flex items-start gap-2 text-sm">
                <input
                  id={option.value === applyMethods[0]!.value ? id('how_to_apply_method') : undefined}
                  type="radio"
                  name="how_to_apply_method"
                  value={option.value}
                  defaultChecked={values.how_to_apply_method === option.value}
                  onChange={() => setMethod(option.value)}
                  className="mt-0.5 accent-primary"
                />
                <span>
                  <span className="font-medium">{option.label}</span>{' '}
                  <span className="text-zinc-700">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
          <ErrorText name="how_to_apply_method" error={errors.how_to_apply_method} />
        </fieldset>
        {(!hydrated || method !== 'form-internal') && (
          <Field
            name="how_to_apply"
            label={applyLabel}
            marker={hydrated ? 'required' : 'none'}
            hint={
              !hydrated
                ? 'On your website: the address of your application page, like https://example.com/jobs. By email: the address applications go to. Not needed through this board.'
                : method === 'email'
                  ? 'Where applications go, like jobs@example.com.'
                  : 'The address of your application page, like https://example.com/jobs.'
            }
            error={errors.how_to_apply}
          >
            <input
              {...control('how_to_apply', true)}
              type="text"
              inputMode={method === 'email' ? 'email' : 'url'}
              required={hydrated}
              maxLength={2000}
              defaultValue={values.how_to_apply}
              className="board-input"
            />
          </Field>
        )}
        <Field
          name="contact_email"
          label="Contact email"
          marker="required"
          hint="Applications made on this board go here, and the board writes to you here about this job. Not shown on the job."
          error={errors.contact_email}
        >
          <input
            {...control('contact_email', true)}
            type="email"
            required
            autoComplete="email"
            maxLength={320}
            defaultValue={values.contact_email}
            className="board-input"
          />
        </Field>
      </section>

      {payments && (
        <section aria-labelledby="post-job-payment-heading" className="space-y-3">
          <h2 id="post-job-payment-heading" className="text-lg font-semibold">
            How to pay
          </h2>
          <fieldset aria-describedby={errors.payment ? `${id('payment')}-error` : undefined}>
            <legend className="sr-only">How to pay</legend>
            <div className="space-y-3">
              {payments.map((choice, index) => (
                <label
                  key={choice.value}
                  className="flex items-start gap-3 rounded-md border border-zinc-300 p-4 text-sm has-checked:border-primary has-checked:bg-muted/60"
                >
                  <input
                    id={index === 0 ? id('payment') : undefined}
                    type="radio"
                    name="payment"
                    value={choice.value}
                    defaultChecked={values.payment === choice.value}
                    aria-describedby={`${id('payment')}-${index}-detail`}
                    className="mt-0.5 accent-primary"
                  />
                  <span>
                    <span className="block font-medium">{choice.label}</span>
                    <span id={`${id('payment')}-${index}-detail`} className="block text-zinc-700">
                      {choice.detail}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorText name="payment" error={errors.payment} />
          </fieldset>
        </section>
      )}

      <div className="space-y-2">
        <button type="submit" className="board-button" disabled={pending}>
          {pending ? say.pending : say.submit}
        </button>
        {mode === 'post' && (
          <p className="text-sm text-zinc-700">
            With a plan, you pay on the next page; the job goes live once paid.
          </p>
        )}
      </div>
    </form>
  );
}

/** Where a problem's link in the summary leads: its input, or the first of its radio buttons. */
function firstInputOf(name: string, values: Record<string, string>): string {
  // The application field is not rendered when applying through the board.
  if (name === 'how_to_apply' && values.how_to_apply_method === 'form-internal')
    return id('how_to_apply_method');
  return id(name);
}

function ErrorText({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id(name)}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/**
 * A label, the control, an optional hint under it (so controls side by side line up) and its error.
 * `marker`: `*` for a required input (its `required` says so to assistive technology), "(optional)",
 * or none (a section's heading says it, or it depends on another answer).
 */
function Field({
  name,
  label,
  marker = 'optional',
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  marker?: 'required' | 'optional' | 'none';
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id(name)} className="mb-1 block text-sm font-medium">
        {label}{' '}
        {marker === 'required' && (
          <span aria-hidden className="text-red-700">
            *
          </span>
        )}
        {marker === 'optional' && <span className="font-normal text-zinc-700">(optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id(name)}-hint`} className="mt-1 text-sm text-zinc-700">
          {hint}
        </p>
      )}
      <ErrorText name={name} error={error} />
    </div>
  );
}
