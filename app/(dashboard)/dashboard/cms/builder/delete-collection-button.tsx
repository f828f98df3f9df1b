'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteCollectionAction } from '../collection-actions';

/** "Delete" on the collections list; the dialog says how many items go with the collection. */
export function DeleteCollectionButton({ slug, name, items }: { slug: string; name: string; items: number }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <ConfirmDialog
        trigger="Delete"
        title={`Delete “${name}”?`}
        description={
          <>
            {items === 0
              ? 'The collection has no items. '
              : `This also deletes its ${items === 1 ? 'item' : `${items} items`}, whatever their status. `}
            Sites reading <code className="font-mono">/cms/{slug}</code> get “not found” from then on. This
            cannot be undone.
          </>
        }
        confirmLabel={
          items === 0
            ? 'Delete collection'
            : `Delete collection and ${items === 1 ? '1 item' : `${items} items`}`
        }
        pendingLabel="Deleting…"
        onConfirm={async () => {
          const result = await deleteCollectionAction(slug);
          setError(result.error ?? null);
          router.refresh();
        }}
      />
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
