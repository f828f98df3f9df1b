'use client';

import { useActionState, useRef } from 'react';
import type { ApplyResult } from '@/lib/applications/schemas';
import { SubmitButton } from './submit-button';
import { useFocusOnAnswer } from './use-focus-on-answer';

/**
 * The confirm step of one-click apply: an optional cover note and the button that sends the
 * application shown above it. A refusal comes back with the note as typed and focus on what it says.
 */
export function ProfileApplyForm({
  action,
  honeypotField,
  backHref,
}: {
  action: (previous: ApplyResult | null, form: FormData) => Promise<ApplyResult>;
  honeypotField: string;
  /** The job's page, to leave without sending. */
  backHref: string;
}) {
  const [state, formAction] = useActionState(action, null);
  const errors = state && !state.ok ? state.errors : {};
  const summary = useRef<HTMLDivElement>(null);
  useFocusOnAnswer(state && !state.ok ? state : null, summary);
  const problem = errors.form ?? errors.resume;
  return (
    <form action={formAction} noValidate className="space-y-4">
      {problem && (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
        >
          {problem}
        </div>
      )}
      <div>
        <label htmlFor="profile-apply-cover-letter" className="mb-1 block text-sm font-medium">
          Cover note <span className="font-normal text-zinc-600">(optional)</span>
        </label>
        <textarea
          id="profile-apply-cover-letter"
          name="cover_letter"
          rows={5}
          maxLength={20_000}
          defaultValue={state && !state.ok ? state.values.cover_letter : ''}
          aria-invalid={errors.cover_letter ? true : undefined}
          aria-describedby={errors.cover_letter ? 'profile-apply-cover-letter-error' : undefined}
          className="board-input h-auto py-2"
        />
        {errors.cover_letter && (
          <p id="profile-apply-cover-letter-error" className="mt-1 text-sm font-medium text-red-700">
            {errors.cover_letter}
          </p>
        )}
      </div>
      <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`profile-apply-${honeypotField}`}>Leave this field empty</label>
        <input
          id={`profile-apply-${honeypotField}`}
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton className="board-button" pendingLabel="Sending your application…">
          Send application
        </SubmitButton>
        <a href={backHref} className="board-button-outline">
          Back to the job
        </a>
      </div>
    </form>
  );
}
