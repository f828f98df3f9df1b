'use client';

import Link from 'next/link';
import { useActionRunner } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { JobStatus } from '@/lib/jobs/schemas';
import { approveJobAction, deleteJobAction, expireJobAction, type RowActionResult } from './actions';

export function JobRowActions({ id, title, status }: { id: string; title: string; status: JobStatus }) {
  const { pending, error, setError, run: runAction } = useActionRunner();
  const run = (action: (id: string) => Promise<RowActionResult>) => runAction(() => action(id));
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center justify-end gap-1">
        {status === 'pending' ? (
          <Button size="sm" variant="outline" disabled={pending} onClick={() => run(approveJobAction)}>
            Approve
          </Button>
        ) : null}
        {status === 'active' ? (
          <Button size="sm" variant="outline" disabled={pending} onClick={() => run(expireJobAction)}>
            Expire
          </Button>
        ) : null}
        <Button asChild size="sm" variant="ghost">
          <Link href={`/dashboard/jobs/${id}`}>Edit</Link>
        </Button>
        <DeleteJobButton id={id} title={title} onError={setError} />
      </div>
      {error ? <p className="max-w-56 text-right text-xs text-destructive">{error}</p> : null}
    </div>
  );
}

function DeleteJobButton({
  id,
  title,
  onError,
}: {
  id: string;
  title: string;
  onError: (error?: string) => void;
}) {
  return (
    <ConfirmDialog
      trigger="Delete"
      title={`Delete “${title}”?`}
      description="The job and all its applications are removed for good. To take it offline but keep its applications, expire it instead."
      confirmLabel="Delete job"
      pendingLabel="Deleting…"
      onConfirm={async () => onError((await deleteJobAction(id)).error)}
    />
  );
}
