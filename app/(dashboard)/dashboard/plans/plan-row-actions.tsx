'use client';

import Link from 'next/link';
import { useActionRunner } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deletePlanAction, restorePlanAction } from './actions';

/**
 * Edit, and Delete, which archives instead once the plan has been bought (the dialog says which);
 * an archived plan can be put back on sale.
 */
export function PlanRowActions({
  id,
  name,
  archived,
  inUse,
}: {
  id: string;
  name: string;
  archived: boolean;
  inUse: boolean;
}) {
  const { pending, error, setError, run } = useActionRunner();
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center justify-end gap-1">
        <Button asChild size="sm" variant="ghost">
          <Link href={`/dashboard/plans/${id}`} aria-label={`Edit ${name}`}>
            Edit
          </Link>
        </Button>
        {archived ? (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => run(() => restorePlanAction(id))}
          >
            {pending ? 'Restoring…' : 'Restore'}
          </Button>
        ) : inUse ? (
          <ConfirmDialog
            trigger="Archive"
            title={`Archive “${name}”?`}
            description="People have bought this plan, so it is kept for their payments and subscriptions. It leaves your pricing page and can no longer be bought; existing subscriptions carry on. You can restore it later."
            confirmLabel="Archive plan"
            pendingLabel="Archiving…"
            onConfirm={async () => setError((await deletePlanAction(id)).error)}
          />
        ) : (
          <ConfirmDialog
            trigger="Delete"
            title={`Delete “${name}”?`}
            description="Nobody has bought this plan yet, so it is deleted for good and leaves your pricing page. This cannot be undone."
            confirmLabel="Delete plan"
            pendingLabel="Deleting…"
            onConfirm={async () => setError((await deletePlanAction(id)).error)}
          />
        )}
      </div>
      {error ? <p className="max-w-56 text-right text-xs text-destructive">{error}</p> : null}
    </div>
  );
}
