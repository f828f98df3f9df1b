'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSuccess } from '@/components/ui/form-success';
import { Textarea } from '@/components/ui/textarea';
import type { FormState } from '@/lib/forms';
import { setCorsOriginsAction } from './actions';

export function CorsForm({ origins, disabled }: { origins: string[]; disabled: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(setCorsOriginsAction, {});
  const value = state.values?.origins ?? origins.join('\n');
  const error = state.fieldErrors?.origins;
  return (
    <form action={action} className="grid max-w-xl gap-4" noValidate>
      <FormSuccess message={state.success} attempt={state} />
      <Field
        id="cors-origins"
        label="Allowed origins"
        error={error}
        hint={
          <>
            One per line, as <code className="font-mono">https://www.example.com</code> (scheme, host and port
            if any; no path). <code className="font-mono">*</code> allows any site. At most 20.
          </>
        }
      >
        <Textarea
          // A saved (normalized) list replaces what was typed.
          key={value}
          id="cors-origins"
          name="origins"
          rows={4}
          className="font-mono"
          placeholder={'https://www.example.com\nhttp://localhost:3000'}
          defaultValue={value}
          disabled={disabled}
          aria-invalid={!!error}
          aria-describedby={error ? 'cors-origins-error' : undefined}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save origins'}
        </Button>
      </div>
    </form>
  );
}
