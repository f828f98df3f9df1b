'use client';

import { type ReactNode, useActionState } from 'react';
import { FormError } from '@/components/ui/form-error';
import type { FormState } from '@/lib/forms';
import { Button } from './button';
import { FormSuccess } from './form-success';

/** A server action's answer to an add form; `submission` counts answers, so the form remounts. */
export interface AddFormState extends FormState {
  submission?: number;
}

/**
 * A one-row "add" form above a list: its fields, the submit button beside them, and the answer
 * (a refusal or a confirmation) underneath. A success empties it; a refusal keeps what was typed.
 */
export function InlineAddForm({
  action: serverAction,
  submitLabel,
  children,
}: {
  action: (previous: AddFormState, formData: FormData) => Promise<AddFormState>;
  submitLabel: string;
  /** The fields, given the values sent back and the errors found in them. */
  children: (values: Record<string, string>, errors: Record<string, string>) => ReactNode;
}) {
  const [state, action, pending] = useActionState<AddFormState, FormData>(serverAction, {});
  return (
    <form key={state.submission ?? 0} action={action} className="grid gap-3" noValidate>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
        {children(state.values ?? {}, state.fieldErrors ?? {})}
        <Button type="submit" disabled={pending} className="sm:mt-5">
          {pending ? 'Adding…' : submitLabel}
        </Button>
      </div>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
    </form>
  );
}
