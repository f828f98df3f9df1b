'use client';

import { Button } from '@/components/ui/button';
import type { PageOut, PageStatus } from '@/lib/pages/schemas';
import { PageStatusBadge } from './labels';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** Above the editor: the page's status, whether its edits are saved, and the buttons that save it. */
export function PageStatusBar({
  page,
  status,
  saveState,
  dirty,
  onSave,
}: {
  /** The saved page; absent for a new one. */
  page?: PageOut;
  status: PageStatus;
  saveState: SaveState;
  dirty: boolean;
  onSave: (status: PageStatus) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <PageStatusBadge status={status} />
        <span data-testid="save-state" aria-live="polite">
          {saveState === 'saving'
            ? 'Saving…'
            : dirty
              ? status === 'draft' && page
                ? 'Unsaved changes (saves automatically)'
                : 'Unsaved changes'
              : saveState === 'saved'
                ? 'Saved'
                : page
                  ? 'All changes saved'
                  : 'Not saved yet'}
        </span>
        {page?.status === 'published' ? (
          <a href={page.url} target="_blank" rel="noreferrer" className="text-link">
            View on the board
          </a>
        ) : null}
      </div>
      <StatusActions
        status={status}
        isNew={!page}
        busy={saveState === 'saving'}
        canSave={dirty}
        onSave={onSave}
      />
    </div>
  );
}

/** The buttons that save and move the page between draft, published and archived. */
function StatusActions({
  status,
  isNew,
  busy,
  canSave,
  onSave,
}: {
  status: PageStatus;
  isNew: boolean;
  busy: boolean;
  canSave: boolean;
  onSave: (status: PageStatus) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'draft' ? (
        <>
          {isNew ? null : (
            <Button variant="ghost" disabled={busy} onClick={() => onSave('archived')}>
              Archive
            </Button>
          )}
          <Button variant="outline" disabled={busy || !canSave} onClick={() => onSave('draft')}>
            Save draft
          </Button>
          <Button disabled={busy} onClick={() => onSave('published')}>
            Publish
          </Button>
        </>
      ) : status === 'published' ? (
        <>
          <Button variant="ghost" disabled={busy} onClick={() => onSave('archived')}>
            Archive
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => onSave('draft')}>
            Unpublish
          </Button>
          <Button disabled={busy || !canSave} onClick={() => onSave('published')}>
            Update
          </Button>
        </>
      ) : (
        <>
          <Button variant="outline" disabled={busy} onClick={() => onSave('draft')}>
            Move to drafts
          </Button>
          <Button disabled={busy} onClick={() => onSave('published')}>
            Publish
          </Button>
        </>
      )}
    </div>
  );
}
