'use client';

import { useActionState, useRef } from 'react';
import type { BoardCategory } from '@/lib/board/queries';
import { CategoryOptions } from './category-options';
import { JobTypeOptions } from './job-type-options';
import { SalaryMinInput } from './salary-min-input';
import { searchTextInputs } from './search-text-inputs';
import { useFocusOnAnswer } from './use-focus-on-answer';

export interface AlertFormValues {
  email: string;
  q: string;
  category: string;
  job_type: string;
  remote: boolean;
  location: string;
  /** Digits, or empty for any salary. */
  salary_min: string;
  frequency: string;
}

/** What the alert form's action answers: done (and how), or the problem and what was typed. */
export interface AlertFormState {
  done?: 'pending' | 'active';
  error?: string;
  field?: keyof AlertFormValues;
  values: AlertFormValues;
}

type Action = (previous: AlertFormState | null, form: FormData) => Promise<AlertFormState>;

const frequencies = [
  { value: 'instant', label: 'Instantly', hint: 'an email for each new job' },
  { value: 'daily', label: 'Daily', hint: 'one email a day with the new jobs' },
  { value: 'weekly', label: 'Weekly', hint: 'one email a week' },
];

/** The job alert form: an address, the board's search filters, and how often. */
export function AlertForm({
  action,
  initial,
  categories,
  salaryCurrency,
}: {
  action: Action;
  initial: AlertFormValues;
  categories: BoardCategory[];
  /** The currency of a minimum salary (lib/jobs `boardSalaryCurrency`). */
  salaryCurrency: string | null;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const confirmation = useRef<HTMLDivElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  useFocusOnAnswer(state?.done ? state : null, confirmation);
  useFocusOnAnswer(state?.error ? state : null, problem);
  if (state?.done) {
    return (
      <div
        ref={confirmation}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {state.done === 'active' ? (
          <p className="font-medium">Your alert is on. New jobs go to {state.values.email}.</p>
        ) : (
          <>
            <p className="font-medium">Check your inbox.</p>
            <p className="mt-1">
              We sent a confirmation link to <strong>{state.values.email}</strong>. The alert starts once you
              confirm it; the link works for 7 days.
            </p>
          </>
        )}
      </div>
    );
  }
  const values = state?.values ?? initial;
  const invalid = (field: keyof AlertFormValues) => (state?.field === field ? true : undefined);
  const describedBy = (field: keyof AlertFormValues, hint?: string) =>
    [hint, state?.field === field ? 'alert-form-error' : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <form action={formAction} noValidate className="space-y-5">
      {state?.error && (
        <p
          ref={problem}
          tabIndex={-1}
          id="alert-form-error"
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {state.error}
        </p>
      )}
      <div>
        <label htmlFor="alert-email" className="mb-1 block text-sm font-medium">
          Email
        </label>
        <input
          id="alert-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={320}
          defaultValue={values.email}
          aria-invalid={invalid('email')}
          aria-describedby={describedBy('email')}
          className="board-input"
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">
          Which jobs <span className="font-normal text-zinc-600">(leave empty for every new job)</span>
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="alert-q" className="mb-1 block text-sm">
              Keywords
            </label>
            <input
              id="alert-q"
              {...searchTextInputs.q}
              type="text"
              defaultValue={values.q}
              aria-invalid={invalid('q')}
              aria-describedby={describedBy('q')}
              className="board-input"
            />
          </div>
          <div>
            <label htmlFor="alert-location" className="mb-1 block text-sm">
              Location
            </label>
            <input
              id="alert-location"
              {...searchTextInputs.location}
              defaultValue={values.location}
              aria-invalid={invalid('location')}
              aria-describedby={describedBy('location')}
              className="board-input"
            />
          </div>
          <div>
            <label htmlFor="alert-category" className="mb-1 block text-sm">
              Category
            </label>
            <select
              id="alert-category"
              name="category"
              defaultValue={values.category}
              aria-invalid={invalid('category')}
              aria-describedby={describedBy('category')}
              className="board-input"
            >
              <option value="">All categories</option>
              <CategoryOptions categories={categories} />
            </select>
          </div>
          <div>
            <label htmlFor="alert-job-type" className="mb-1 block text-sm">
              Job type
            </label>
            <select
              id="alert-job-type"
              name="job_type"
              defaultValue={values.job_type}
              aria-invalid={invalid('job_type')}
              aria-describedby={describedBy('job_type')}
              className="board-input"
            >
              <JobTypeOptions />
            </select>
          </div>
          <SalaryMinInput
            id="alert-salary-min"
            defaultValue={values.salary_min}
            currency={salaryCurrency}
            labelClassName="mb-1 block text-sm"
            invalid={invalid('salary_min')}
            describedBy={state?.field === 'salary_min' ? 'alert-form-error' : undefined}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="remote"
            value="1"
            defaultChecked={values.remote}
            className="size-4 accent-primary"
          />
          Remote jobs only
        </label>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">How often</legend>
        <div className="space-y-2">
          {frequencies.map((frequency) => (
            <label key={frequency.value} className="flex items-baseline gap-2 text-sm">
              <input
                type="radio"
                name="frequency"
                value={frequency.value}
                defaultChecked={values.frequency === frequency.value}
                className="accent-primary"
              />
              <span>
                <span className="font-medium">{frequency.label}</span>{' '}
                <span className="text-zinc-600">({frequency.hint})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="board-button" disabled={pending}>
        Create alert
      </button>
    </form>
  );
}
