'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { revokeApiKeyAction } from './actions';

export function RevokeKeyButton({ id, name, prefix }: { id: string; name: string; prefix: string }) {
  return (
    <ConfirmDialog
      trigger="Revoke"
      title={`Revoke “${name}”?`}
      description={
        <>
          Requests with <code className="font-mono">{prefix}…</code> will be refused with 401 from now on.
          This cannot be undone.
        </>
      }
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      onConfirm={() => revokeApiKeyAction(id)}
    />
  );
}
