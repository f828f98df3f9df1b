'use client';

import { createContext, type ReactNode, use, useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { type ApproveState, approveMemberAction } from '../members/actions';
import { memberLabel } from './member-name';

const Approval = createContext<{ action: (form: FormData) => void; pending: boolean } | null>(null);

/**
 * Holds the answer to an approval made on the overview. It sits above the attention list, not in
 * it: the approved employer's row (and with the last one, the whole list) goes away on the answer,
 * while the status message has to stay and take focus.
 */
export function ApprovalStatus({ children }: { children: ReactNode }) {
  const [state, action, pending] = useActionState<ApproveState, FormData>(approveMemberAction, {});
  const approved = state.approved;
  return (
    <Approval value={{ action, pending }}>
      <FormSuccess
        message={approved ? `${memberLabel(approved)} is approved and can post jobs now.` : undefined}
        attempt={state}
        className="mb-4"
      />
      <FormError message={state.error} attempt={state} />
      {children}
    </Approval>
  );
}

/** Approves one waiting employer, through the members page's service and permission. */
export function ApproveButton({ id, name }: { id: string; name: string }) {
  const approval = use(Approval);
  if (!approval) throw new Error('ApproveButton belongs inside ApprovalStatus.');
  return (
    <form action={approval.action}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" disabled={approval.pending} aria-label={`Approve ${name}`}>
        Approve
      </Button>
    </form>
  );
}
