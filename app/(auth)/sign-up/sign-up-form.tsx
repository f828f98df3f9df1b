'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormState } from '@/lib/forms';
import { NameField, PasswordField } from '../account-fields';
import { signUpAction } from '../actions';

export function SignUpForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <NameField defaultValue={state.values?.name} error={errors.name} />
      <TextField
        name="email"
        label="Work email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={errors.email}
      />
      <PasswordField isNew error={errors.password} />
      <TextField
        name="organizationName"
        label="Job board name"
        required
        placeholder="Acme Careers"
        hint="You can rename it later."
        defaultValue={state.values?.organizationName}
        error={errors.organizationName}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Creating your board…' : 'Create account'}
      </Button>
    </form>
  );
}
