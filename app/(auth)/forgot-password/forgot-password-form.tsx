'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import type { FormState } from '@/lib/forms';
import { requestPasswordResetAction } from './actions';

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(requestPasswordResetAction, {});
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={state.fieldErrors?.email}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Sending…' : state.success ? 'Send another link' : 'Send me a link'}
      </Button>
    </form>
  );
}
