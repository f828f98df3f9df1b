'use client';

import { UserRound } from 'lucide-react';
import { useActionState, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Select } from '@/components/ui/select';
import type { AuthorOut } from '@/lib/authors/schemas';
import type { FormState } from '@/lib/forms';
import { type DeleteAuthorResult, deleteAuthorAction, updateAuthorAction } from './actions';

export function AuthorRow({
  author,
  pageCount,
  others,
}: {
  author: AuthorOut;
  pageCount: number;
  others: AuthorOut[];
}) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="px-4 py-3" data-testid="author-row">
      {editing ? (
        <EditAuthorForm author={author} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex items-center gap-3">
          <Avatar url={author.avatar_url} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{author.name}</p>
            <p className="text-xs text-muted-foreground">
              {pageCount === 0 ? 'No posts yet' : `${pageCount} post${pageCount === 1 ? '' : 's'}`}
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <DeleteAuthorDialog author={author} pageCount={pageCount} others={others} />
        </div>
      )}
    </li>
  );
}

function Avatar({ url }: { url: string | null }) {
  if (!url)
    return (
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserRound className="size-4" />
      </span>
    );
  // Any http(s) host may serve avatars, so next/image (which needs a host list) does not fit.
  // biome-ignore lint/performance/noImgElement: see above
  return <img src={url} alt="" className="size-9 shrink-0 rounded-full bg-muted object-cover" />;
}

function EditAuthorForm({ author, onDone }: { author: AuthorOut; onDone: () => void }) {
  const [state, action, pending] = useActionState<FormState, FormData>(async (previous, formData) => {
    const result = await updateAuthorAction(previous, formData);
    if (result.success) onDone();
    return result;
  }, {});
  const values = state.values ?? { name: author.name, avatar_url: author.avatar_url ?? '' };
  const errors = state.fieldErrors ?? {};
  return (
    <form key={state.submission ?? 0} action={action} className="grid gap-3" noValidate>
      <input type="hidden" name="id" value={author.id} />
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <TextField
          name="name"
          id={`author-${author.id}-name`}
          required
          label="Name"
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          name="avatar_url"
          id={`author-${author.id}-avatar`}
          label="Avatar URL"
          type="url"
          defaultValue={values.avatar_url}
          error={errors.avatar_url}
          hint="Leave blank for no picture."
        />
        <div className="flex gap-2 sm:mt-5">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
    </form>
  );
}

/** Confirms, and when the author still has pages, shows why and offers another author to take them. */
function DeleteAuthorDialog({
  author,
  pageCount,
  others,
}: {
  author: AuthorOut;
  pageCount: number;
  others: AuthorOut[];
}) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<DeleteAuthorResult>({});
  const [choice, setChoice] = useState('');
  // The list of other authors may have changed since this row first rendered.
  const successor = others.some((other) => other.id === choice) ? choice : (others[0]?.id ?? '');
  const [pending, startTransition] = useTransition();
  const remove = (reassignTo?: string) =>
    startTransition(async () => {
      const answer = await deleteAuthorAction(author.id, reassignTo);
      setResult(answer);
      if (!answer.error) setOpen(false);
    });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setResult({});
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive">
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {author.name}?</DialogTitle>
          <DialogDescription>
            Their name disappears from the author list. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {result.inUse ? (
          // The service's message speaks to API users (`?reassign_to=`); say it in the dashboard's words.
          <Alert>
            {author.name} is credited on {pageCount === 1 ? 'a post' : `${pageCount} posts`}. Choose who takes{' '}
            {pageCount === 1 ? 'it' : 'them'} over before deleting.
          </Alert>
        ) : result.error ? (
          <Alert>{result.error}</Alert>
        ) : null}
        {result.inUse ? (
          others.length > 0 ? (
            <Field id={`reassign-${author.id}`} label="Hand their posts to">
              <Select
                id={`reassign-${author.id}`}
                value={successor}
                onChange={(event) => setChoice(event.target.value)}
              >
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </Select>
            </Field>
          ) : (
            <p className="text-sm text-muted-foreground">
              Add another author first to take over these posts, or change their author in the editor.
            </p>
          )
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          {result.inUse ? (
            <Button variant="destructive" disabled={pending || !successor} onClick={() => remove(successor)}>
              {pending ? 'Deleting…' : 'Reassign and delete'}
            </Button>
          ) : (
            <Button variant="destructive" disabled={pending} onClick={() => remove()}>
              {pending ? 'Deleting…' : 'Delete author'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
