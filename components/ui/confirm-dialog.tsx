'use client';

import { type ReactNode, useState, useTransition } from 'react';
import type { ActionResult } from './action-button';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

/**
 * A destructive action behind a trigger button and a "Cancel / Confirm" dialog. A refusal that
 * `onConfirm` answers stays in the dialog, under its buttons.
 */
export function ConfirmDialog({
  trigger,
  subject,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  disabled,
  onCloseAutoFocus,
}: {
  trigger: string;
  /** What the trigger acts on, spoken after it ("Remove Ada Lovelace") where a list has one per row. */
  subject?: string;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  // biome-ignore lint/suspicious/noConfusingVoidType: a confirmation that cannot be refused answers nothing.
  onConfirm: () => Promise<void | ActionResult>;
  /** The trigger cannot be pressed (nothing selected to act on). */
  disabled?: boolean;
  /** Where focus goes once the dialog closes; by default back to the trigger (Radix's own event). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          aria-label={subject ? `${trigger} ${subject}` : undefined}
          disabled={disabled}
        >
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() =>
              startTransition(async () => {
                const refused = (await onConfirm())?.error;
                setError(refused);
                if (!refused) setOpen(false);
              })
            }
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
