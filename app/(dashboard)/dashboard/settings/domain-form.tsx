'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import type { FormState } from '@/lib/forms';
import { setDomainAction } from './actions';

export function DomainForm({ domain, disabled }: { domain: string; disabled: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(setDomainAction, {});
  return (
    <form action={action} className="grid max-w-md gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <TextField
        name="domain"
        label="Custom domain"
        placeholder="jobs.example.com"
        hint="A host name you own. Leave empty and save to remove it."
        defaultValue={state.values?.domain ?? domain}
        disabled={disabled}
        error={state.fieldErrors?.domain}
      />
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Checking DNS…' : domain ? 'Save and check DNS' : 'Add domain'}
        </Button>
      </div>
    </form>
  );
}
