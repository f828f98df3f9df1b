'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import type { FormState } from '@/lib/forms';
import { PasswordField } from '../../account-fields';
import { resetPasswordAction } from './actions';

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    resetPasswordAction.bind(null, token),
    {},
  );
  if (state.success)
    return (
      <div className="grid gap-4">
        <FormSuccess message={state.success} attempt={state} />
        <Button asChild className="w-full">
          <Link href="/sign-in">Go to sign-in</Link>
        </Button>
      </div>
    );
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      {/* For password managers: which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <p className="text-sm">
        <span className="block font-medium">Email</span>
        <span className="text-muted-foreground">{email}</span>
      </p>
      <PasswordField isNew label="New password" error={state.fieldErrors?.password} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Saving…' : 'Save and sign in'}
      </Button>
    </form>
  );
}
