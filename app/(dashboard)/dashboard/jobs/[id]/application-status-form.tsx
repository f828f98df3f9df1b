'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { ApplicationStatus } from '@/lib/applications/schemas';
import type { FormState } from '@/lib/forms';
import { changeApplicationStatusAction } from '../actions';
import { applicationStatusLabels } from '../status-badges';

export function ApplicationStatusForm({
  id,
  name,
  jobId,
  moves,
}: {
  id: string;
  /** The applicant's, so each row's controls say whose status they move. */
  name: string;
  jobId: string;
  /** The statuses this application may move to (allowedApplicationMoves), worked out on the server. */
  moves: ApplicationStatus[];
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(changeApplicationStatusAction, {});
  if (moves.length === 0) return <span className="text-xs text-muted-foreground">Final</span>;
  return (
    <form action={action} className="grid gap-1">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="job_id" value={jobId} />
      <div className="flex items-center gap-2">
        <Select
          name="status"
          aria-label={`New status for ${name}`}
          defaultValue={moves[0]}
          className="h-8 w-36"
        >
          {moves.map((move) => (
            <option key={move} value={move}>
              {applicationStatusLabels[move]}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="outline" size="sm" disabled={pending} aria-label={`Move ${name}`}>
          {pending ? 'Moving…' : 'Move'}
        </Button>
      </div>
      {state.error ? <p className="text-xs text-destructive">{state.error}</p> : null}
    </form>
  );
}
