'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteCompanyAction } from './actions';

export function DeleteCompanyButton({ id, name, jobCount }: { id: string; name: string; jobCount: number }) {
  const jobs =
    jobCount === 0
      ? 'No jobs are linked to it.'
      : `Its ${jobCount === 1 ? 'job stays' : `${jobCount} jobs stay`} on the board, unlinked, under the name “${name}”.`;
  return (
    <ConfirmDialog
      trigger="Delete"
      title={`Delete “${name}”?`}
      description={`Its page and logo leave the board. ${jobs} This cannot be undone.`}
      confirmLabel="Delete company"
      pendingLabel="Deleting…"
      // A success leads back to the list (the action redirects); a refusal stays in the dialog.
      onConfirm={() => deleteCompanyAction(id)}
    />
  );
}
