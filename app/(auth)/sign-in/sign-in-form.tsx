'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormState } from '@/lib/forms';
import { PasswordField } from '../account-fields';
import { signInAction } from '../actions';

export function SignInForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(signInAction, {});
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={state.fieldErrors?.email}
      />
      <div className="grid gap-1.5">
        <PasswordField error={state.fieldErrors?.password} />
        <Link href="/forgot-password" className="justify-self-end text-sm font-medium text-link">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
