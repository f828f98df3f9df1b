'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { eraseMemberAction } from './actions';

export function EraseMemberButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmDialog
      trigger="Erase member"
      subject={name}
      title={`Erase ${name}?`}
      description="Their profile, resume, saved jobs, job alerts and sessions are deleted for good, and any subscription they have ends now, at the payment provider. Applications they sent stay, without a link to them; payments stay in your books without their details."
      confirmLabel="Erase"
      pendingLabel="Erasing…"
      onConfirm={() => eraseMemberAction(id)}
    />
  );
}
