'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteJobSourceAction } from './actions';

export function DeleteSourceButton({ id, name, jobCount }: { id: string; name: string; jobCount: number }) {
  const jobs =
    jobCount === 0
      ? 'It has imported no jobs.'
      : `Its ${jobCount === 1 ? 'job stays' : `${jobCount} jobs stay`} on the board as ${jobCount === 1 ? 'it is' : 'they are'}, no longer synced: edit or expire ${jobCount === 1 ? 'it' : 'them'} from Jobs.`;
  return (
    <ConfirmDialog
      trigger="Delete"
      subject={name}
      title={`Delete the source “${name}”?`}
      description={`Its runs are deleted and it stops syncing. ${jobs} This cannot be undone.`}
      confirmLabel="Delete source"
      pendingLabel="Deleting…"
      // A success leads back to the list (the action redirects); a refusal stays in the dialog.
      onConfirm={() => deleteJobSourceAction(id)}
    />
  );
}
