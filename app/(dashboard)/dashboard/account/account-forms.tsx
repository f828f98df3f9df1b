'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import type { TeamNotice } from '@/db/schema';
import type { FormState } from '@/lib/forms';
import { NameField, PasswordField } from '../../../(auth)/account-fields';
import {
  changePasswordAction,
  leaveOrganizationAction,
  renameAccountAction,
  sendPasswordLinkAction,
  setNoticesAction,
} from './actions';

export function NameForm({ name }: { name: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(renameAccountAction, {});
  return (
    <form action={action} className="grid max-w-md gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <NameField defaultValue={state.values?.name ?? name} error={state.fieldErrors?.name} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Keyed on each answer, so a refused form comes back empty: passwords never travel back. A saved one
 * comes back as a new page (`saved`).
 */
export function PasswordForm({ email, saved }: { email: string; saved: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(changePasswordAction, {
    success: saved ? 'Your new password is saved. Every other browser is signed out.' : undefined,
  });
  return (
    <form key={state.submission} action={action} className="grid max-w-md gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      {/* For password managers: which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        name="currentPassword"
        label="Current password"
        error={state.fieldErrors?.currentPassword}
      />
      <PasswordField isNew label="New password" error={state.fieldErrors?.password} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

export function PasswordLinkForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(sendPasswordLinkAction, {});
  return (
    <form action={action} className="grid max-w-md gap-4">
      <FormError message={state.error} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <div>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? 'Sending…' : 'Email me a link to set a password'}
        </Button>
      </div>
    </form>
  );
}

export function NoticesForm({
  notices,
}: {
  notices: { notice: TeamNotice; label: string; detail: string; on: boolean }[];
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(setNoticesAction, {});
  return (
    <form action={action} className="grid max-w-xl gap-4">
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Email me when</legend>
        {notices.map((item) => (
          <label key={item.notice} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="notices"
              value={item.notice}
              defaultChecked={item.on}
              className="mt-0.5 size-4"
            />
            <span>
              {item.label}
              <span className="block text-xs text-muted-foreground">{item.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save emails'}
        </Button>
      </div>
    </form>
  );
}

export function LeaveOrganizationButton({ organization }: { organization: string }) {
  return (
    <ConfirmDialog
      trigger={`Leave ${organization}`}
      title={`Leave ${organization}?`}
      description="You can no longer open its dashboard. What you wrote stays. To come back, a teammate invites you again."
      confirmLabel="Leave"
      pendingLabel="Leaving…"
      onConfirm={() => leaveOrganizationAction()}
    />
  );
}
