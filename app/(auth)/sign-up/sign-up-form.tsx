'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormState } from '@/lib/forms';
import { BoardNameField, NameField, PasswordField } from '../account-fields';
import { signUpAction } from '../actions';
import { createBoardAction } from './actions';

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
      <BoardNameField defaultValue={state.values?.organizationName} error={errors.organizationName} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Creating your board…' : 'Create account'}
      </Button>
    </form>
  );
}

/** A board of its own for an account that is signed in (it left its last team, or wants another). */
export function NewBoardForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(createBoardAction, {});
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <BoardNameField
        defaultValue={state.values?.organizationName}
        error={state.fieldErrors?.organizationName}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Creating your board…' : 'Create board'}
      </Button>
    </form>
  );
}
