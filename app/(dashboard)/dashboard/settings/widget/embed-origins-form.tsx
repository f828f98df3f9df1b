'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSuccess } from '@/components/ui/form-success';
import { Textarea } from '@/components/ui/textarea';
import type { FormState } from '@/lib/forms';
import { setEmbedOriginsAction } from '../actions';

/** The sites whose pages may frame the jobs widget, one origin a line. */
export function EmbedOriginsForm({ origins, disabled }: { origins: string[]; disabled: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(setEmbedOriginsAction, {});
  const value = state.values?.origins ?? origins.join('\n');
  const error = state.fieldErrors?.origins;
  return (
    <form action={action} className="grid max-w-xl gap-4" noValidate>
      <FormSuccess message={state.success} attempt={state} />
      <Field
        id="embed-origins"
        label="Sites that may show the widget"
        error={error}
        hint={
          <>
            One per line, as <code className="font-mono">https://www.example.com</code> (scheme, host and port
            if any; no path). <code className="font-mono">https://*.example.com</code> allows every subdomain
            of your own domain. At most 20.
          </>
        }
      >
        <Textarea
          // A saved (normalized) list replaces what was typed.
          key={value}
          id="embed-origins"
          name="origins"
          rows={4}
          className="font-mono"
          placeholder={'https://www.example.com\nhttps://*.example.org'}
          defaultValue={value}
          disabled={disabled}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save sites'}
        </Button>
      </div>
    </form>
  );
}
