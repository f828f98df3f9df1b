'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { FormState } from '@/lib/forms';
import { NameField, PasswordField } from '../../account-fields';
import { acceptAsNewUserAction, acceptWithPasswordAction, joinAction } from './actions';

/** The invited address, shown where an email field would be: the invitation decides it. */
function InvitedEmail({ email }: { email: string }) {
  return (
    <p className="text-sm">
      <span className="block font-medium">Email</span>
      <span className="text-muted-foreground">{email}</span>
    </p>
  );
}

export function NewAccountForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    acceptAsNewUserAction.bind(null, token),
    {},
  );
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <InvitedEmail email={email} />
      <NameField defaultValue={state.values?.name} error={errors.name} />
      <PasswordField isNew error={errors.password} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Joining…' : 'Create account and join'}
      </Button>
    </form>
  );
}

export function PasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    acceptWithPasswordAction.bind(null, token),
    {},
  );
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <InvitedEmail email={email} />
      <PasswordField error={state.fieldErrors?.password} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Joining…' : 'Sign in and join'}
      </Button>
    </form>
  );
}

export function JoinForm({ token, organization }: { token: string; organization: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(joinAction.bind(null, token), {});
  return (
    <form action={action} className="grid gap-4">
      <FormError message={state.error} attempt={state} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Joining…' : `Join ${organization}`}
      </Button>
    </form>
  );
}
