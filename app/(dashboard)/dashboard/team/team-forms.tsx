'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Select } from '@/components/ui/select';
import type { MembershipRole } from '@/db/schema';
import type { FormState } from '@/lib/forms';
import {
  changeTeammateRoleAction,
  type InviteState,
  inviteTeammateAction,
  removeTeammateAction,
  revokeInvitationAction,
} from './actions';
import { roleLabels } from './role-labels';

function RoleOptions({ roles }: { roles: readonly MembershipRole[] }) {
  return roles.map((role) => (
    <option key={role} value={role}>
      {roleLabels[role]}
    </option>
  ));
}

/** The invitation form; `roles` are those the signed-in user may give (only owners give owner). */
export function InviteForm({ roles }: { roles: readonly MembershipRole[] }) {
  const [state, action, pending] = useActionState<InviteState, FormData>(inviteTeammateAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    // Keyed on each answer: after a sent invitation the form starts empty again.
    <form key={state.invited ? state.submission : 'form'} action={action} className="grid gap-4" noValidate>
      <FormSuccess
        message={
          state.invited
            ? `Invitation sent to ${state.invited}. The link works for 7 days; it is listed below until accepted.`
            : undefined
        }
        attempt={state}
      />
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <TextField
          id="invite-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          defaultValue={state.invited ? '' : state.values?.email}
          error={errors.email}
        />
        <Field id="invite-role" label="Role" error={errors.role}>
          <Select id="invite-role" name="role" defaultValue={state.values?.role ?? 'editor'}>
            <RoleOptions roles={roles} />
          </Select>
        </Field>
        <Button type="submit" disabled={pending} className="sm:mt-6">
          {pending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}

/** A teammate's role, changed in place. */
export function RoleForm({
  userId,
  name,
  role,
  roles,
}: {
  userId: string;
  name: string;
  role: MembershipRole;
  roles: readonly MembershipRole[];
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(changeTeammateRoleAction, {});
  return (
    <form action={action} className="grid gap-1">
      <input type="hidden" name="user_id" value={userId} />
      <div className="flex items-center gap-2">
        <Select name="role" aria-label={`Role of ${name}`} defaultValue={role} className="h-8 w-32">
          <RoleOptions roles={roles} />
        </Select>
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={pending}
          aria-label={`Change role of ${name}`}
        >
          {pending ? 'Saving…' : 'Change role'}
        </Button>
      </div>
      {state.error ? (
        <p role="alert" className="text-xs text-destructive">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}

export function RemoveTeammateButton({ userId, name }: { userId: string; name: string }) {
  return (
    <ConfirmDialog
      trigger="Remove"
      subject={name}
      title={`Remove ${name} from the team?`}
      description="They can no longer open this organization's dashboard. Their account stays, and so does what they wrote."
      confirmLabel="Remove"
      pendingLabel="Removing…"
      onConfirm={() => removeTeammateAction(userId)}
    />
  );
}

export function WithdrawInvitationButton({ id, email }: { id: string; email: string }) {
  return (
    <ConfirmDialog
      trigger="Withdraw"
      subject={`the invitation of ${email}`}
      title={`Withdraw the invitation of ${email}?`}
      description="The link in the mail stops working. You can invite the address again later."
      confirmLabel="Withdraw"
      pendingLabel="Withdrawing…"
      onConfirm={() => revokeInvitationAction(id)}
    />
  );
}
