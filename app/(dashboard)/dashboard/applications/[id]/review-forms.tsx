'use client';

import { useActionState, useRef, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ApplicationStatus } from '@/lib/applications/schemas';
import type { FormState } from '@/lib/forms';
import { applicationStatusLabels } from '../../jobs/status-badges';
import { addNoteAction, deleteNoteAction, moveApplicationAction, setRatingAction } from '../actions';

/** The applicant's status, moved to one of the statuses it may move to; the answer takes focus. */
export function ApplicantStatusForm({
  id,
  name,
  moves,
}: {
  id: string;
  name: string;
  moves: ApplicationStatus[];
}) {
  const [to, setTo] = useState<ApplicationStatus | undefined>(moves[0]);
  const [answer, setAnswer] = useState<{ text: string; error?: boolean; attempt: number }>();
  const [pending, startTransition] = useTransition();
  const status = useRef<HTMLParagraphElement>(null);
  const target = to && moves.includes(to) ? to : moves[0];
  const say = (text: string, error?: boolean) => {
    setAnswer((previous) => ({ text, error, attempt: (previous?.attempt ?? 0) + 1 }));
    // After the render that shows it (the page's data arrives with the answer).
    requestAnimationFrame(() => status.current?.focus());
  };
  return (
    <div className="grid gap-2">
      {target ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor="applicant-move" className="text-sm font-medium">
              Move to
            </label>
            <Select
              id="applicant-move"
              value={target}
              onChange={(event) => setTo(event.target.value as ApplicationStatus)}
              className="w-40"
            >
              {moves.map((move) => (
                <option key={move} value={move}>
                  {applicationStatusLabels[move]}
                </option>
              ))}
            </Select>
          </div>
          <Button
            type="button"
            disabled={pending}
            aria-label={`Move ${name} to ${applicationStatusLabels[target].toLowerCase()}`}
            onClick={() =>
              startTransition(async () => {
                const result = await moveApplicationAction(id, target);
                if (result.error) say(result.error, true);
                else say(`Moved ${name} to ${applicationStatusLabels[target].toLowerCase()}.`);
              })
            }
          >
            {pending ? 'Moving…' : 'Move'}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">This status is final.</p>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        data-testid="applicant-status-message"
        className={answer?.error ? 'text-sm text-destructive' : 'text-sm text-emerald-800'}
      >
        {answer?.text}
      </p>
    </div>
  );
}

const stars = [1, 2, 3, 4, 5] as const;

/** The team's rating: a radio group of 1–5 stars and "No rating", saved with its button. */
export function RatingForm({ id, rating }: { id: string; rating: number | null }) {
  const [state, action, pending] = useActionState<FormState, FormData>(setRatingAction, {});
  const current = state.values?.rating ?? (rating === null ? 'none' : String(rating));
  return (
    <form key={state.submission ?? 'form'} action={action} className="grid gap-3">
      <FormSuccess message={state.success} attempt={state} />
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <input type="hidden" name="application_id" value={id} />
      <fieldset className="grid gap-2">
        <legend className="sr-only">Rating</legend>
        <div className="flex flex-wrap gap-2">
          {stars.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-1.5 rounded-md border border-border bg-white px-2.5 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:outline-2 has-focus-visible:outline-primary"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                defaultChecked={current === String(value)}
                className="accent-primary"
              />
              <span aria-hidden className="text-amber-700">
                {'★'.repeat(value)}
              </span>
              <span className="sr-only">
                {value} {value === 1 ? 'star' : 'stars'}
              </span>
              <span aria-hidden>{value}</span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-1.5 rounded-md border border-border bg-white px-2.5 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary/10">
            <input
              type="radio"
              name="rating"
              value="none"
              defaultChecked={current === 'none'}
              className="accent-primary"
            />
            No rating
          </label>
        </div>
      </fieldset>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={pending}>
          {pending ? 'Saving…' : 'Save rating'}
        </Button>
      </div>
    </form>
  );
}

export interface NoteView {
  id: string;
  body: string;
  createdAt: string;
  author: string | null;
  own: boolean;
}

/** The team's notes, oldest first, each with its author and time; one's own can be deleted. */
export function Notes({ applicationId, notes }: { applicationId: string; notes: NoteView[] }) {
  const [state, action, pending] = useActionState<FormState, FormData>(addNoteAction, {});
  return (
    <div className="grid gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="grid gap-3" data-testid="notes">
          {notes.map((note) => (
            <li
              key={note.id}
              className="rounded-md border border-border bg-white p-3 text-sm"
              data-testid="note"
            >
              <p className="mb-1 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{note.author ?? 'A former teammate'}</span>
                {' · '}
                <DateText value={note.createdAt} style="dateTime" utc />
              </p>
              <p className="whitespace-pre-wrap break-words">{note.body}</p>
              {note.own ? (
                <div className="mt-1 flex justify-end">
                  <ConfirmDialog
                    trigger="Delete"
                    subject={`note from ${new Date(note.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`}
                    title="Delete this note?"
                    description="The note is gone for the whole team."
                    confirmLabel="Delete note"
                    pendingLabel="Deleting…"
                    onConfirm={() => deleteNoteAction(note.id)}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <form key={state.submission ?? 'form'} action={action} className="grid gap-3" noValidate>
        <FormSuccess message={state.success} attempt={state} />
        <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
        <input type="hidden" name="application_id" value={applicationId} />
        <Field
          id="note-body"
          label="Add a note"
          error={state.fieldErrors?.body}
          hint="Only your team sees notes."
        >
          <Textarea id="note-body" name="body" rows={3} defaultValue={state.values?.body} required />
        </Field>
        <div>
          <Button type="submit" size="sm" disabled={pending}>
            {pending ? 'Adding…' : 'Add note'}
          </Button>
        </div>
      </form>
    </div>
  );
}
