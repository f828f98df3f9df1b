'use client';

import type { ReactNode } from 'react';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSuccess } from '@/components/ui/form-success';
import { Textarea } from '@/components/ui/textarea';
import type { FormState } from '@/lib/forms';

/** A list of web origins, one a line, saved by `action` (the API's CORS origins, the widget's sites). */
export function OriginsForm({
  id,
  label,
  hint,
  placeholder,
  submitLabel,
  action: save,
  origins,
  disabled,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  placeholder: string;
  submitLabel: string;
  action: (state: FormState, form: FormData) => Promise<FormState>;
  origins: string[];
  disabled: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(save, {});
  const value = state.values?.origins ?? origins.join('\n');
  return (
    <form action={action} className="grid max-w-xl gap-4" noValidate>
      <FormSuccess message={state.success} attempt={state} />
      <Field id={id} label={label} error={state.fieldErrors?.origins} hint={hint}>
        <Textarea
          // A saved (normalized) list replaces what was typed.
          key={value}
          id={id}
          name="origins"
          rows={4}
          className="font-mono"
          placeholder={placeholder}
          defaultValue={value}
          disabled={disabled}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
