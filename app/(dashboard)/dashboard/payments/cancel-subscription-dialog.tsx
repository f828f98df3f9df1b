'use client';

import { useState } from 'react';
import { useActionRunner } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/components/ui/date-text';
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
import { formatDate } from '@/lib/core/format';
import { cancelSubscriptionAction } from './actions';

/**
 * "Cancel" behind a dialog with the two ways to end a subscription (ConfirmDialog's look with two
 * confirmations). Once an end is scheduled, only "Now" is left to choose.
 */
export function CancelSubscriptionDialog({
  id,
  who,
  periodEnd,
  scheduled,
}: {
  id: string;
  /** The member and plan, as the dialog names them. */
  who: string;
  /** The end of the paid period in words, or null when the provider has not said. */
  /** ISO 8601. */
  periodEnd: string | null;
  /** The subscription already ends at its period's end. */
  scheduled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { pending, error, setError, run } = useActionRunner();
  const locale = useLocale();
  const endsOn = periodEnd ? formatDate(periodEnd, locale) : null;
  const cancel = (atPeriodEnd: boolean) =>
    run(async () => {
      const result = await cancelSubscriptionAction(id, atPeriodEnd);
      if (!result.error) setOpen(false);
      return result;
    });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive">
          Cancel<span className="sr-only"> the subscription of {who}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this subscription?</DialogTitle>
          <DialogDescription>
            {who}
            {scheduled ? `, already ending ${endsOn ? `on ${endsOn}` : 'when its period ends'}.` : '.'}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1 text-sm">
          {scheduled ? null : (
            <li>
              <strong className="font-medium">At period end:</strong> access lasts until{' '}
              {endsOn ?? 'the paid period ends'}; nothing more is charged.
            </li>
          )}
          <li>
            <strong className="font-medium">Now:</strong> access ends at once.
          </li>
        </ul>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter className="flex-wrap">
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          {scheduled ? null : (
            <Button variant="outline" disabled={pending} onClick={() => cancel(true)}>
              At period end
            </Button>
          )}
          <Button variant="destructive" disabled={pending} onClick={() => cancel(false)}>
            {pending ? 'Cancelling…' : 'Now'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
