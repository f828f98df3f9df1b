'use client';

import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useActionState, useEffect, useState } from 'react';

/** A refusal, or (with JavaScript) whether the job is saved now. */
export type SaveJobState = { error: string } | { saved: boolean } | null;

type SaveJobAction = (previous: SaveJobState, form: FormData) => Promise<SaveJobState>;

const sizes = {
  small: 'h-9 px-3',
  regular: '',
};

/**
 * A signed-in member's save / unsave toggle for one job. A form post without JavaScript: the action
 * redirects back to `back` (the page it is on, at this toggle); with JavaScript it answers the new
 * state instead (a redirect to the same address and a hash would only scroll, not render). The job's title
 * is in the button's name, for a list of cards that each have one.
 */
export function SaveJobButton({
  action,
  saved,
  jobId,
  back,
  size = 'regular',
  inSavedList = false,
  describedBy,
}: {
  action: SaveJobAction;
  saved: boolean;
  jobId: string;
  /** The page's path inside the board, to come back to. */
  back: string;
  size?: keyof typeof sizes;
  /** In the list of saved jobs, where pressing it can only remove the job from that list. */
  inSavedList?: boolean;
  /** The id of the job's title on the page, when other jobs' controls are beside this one. */
  describedBy?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  // With JavaScript the action answers the new state, shown here without a reload; without, and
  // from the saved list (which drops the job), it redirects back to the page.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const isSaved = state && 'saved' in state ? state.saved : saved;
  return (
    <form action={formAction} id={`save-${jobId}`} className="relative z-10 flex flex-col items-end gap-1">
      <input type="hidden" name="intent" value={isSaved ? 'unsave' : 'save'} />
      <input type="hidden" name="back" value={back} />
      {inSavedList && <input type="hidden" name="list" value="1" />}
      <input type="hidden" name="enhanced" value={enhanced && !inSavedList ? '1' : ''} />
      <button
        type="submit"
        disabled={pending}
        aria-pressed={inSavedList ? undefined : isSaved}
        aria-describedby={describedBy}
        className={`board-button-outline ${sizes[size]} ${isSaved ? 'border-primary text-primary' : ''}`}
      >
        {inSavedList ? (
          'Remove'
        ) : isSaved ? (
          <>
            <BookmarkCheck aria-hidden className="size-4 fill-current" /> Saved
          </>
        ) : (
          <>
            <Bookmark aria-hidden className="size-4" /> Save
          </>
        )}
      </button>
      {state && 'error' in state && (
        <p role="alert" className="max-w-56 text-right text-sm font-medium text-red-700">
          {state.error}
        </p>
      )}
    </form>
  );
}

/** The same place for a visitor who is not signed in: signing in comes back to the job. */
export function SaveJobLink({
  href,
  size = 'regular',
  describedBy,
}: {
  href: string;
  size?: keyof typeof sizes;
  describedBy?: string;
}) {
  return (
    <a
      href={href}
      rel="nofollow"
      aria-describedby={describedBy}
      className={`board-button-outline relative z-10 ${sizes[size]}`}
    >
      <Bookmark aria-hidden className="size-4" /> Save
    </a>
  );
}
