'use client';

// What a list that acts on several rows at once needs: the rows selected, and the live region
// that says what was done (focused after each change, so a screen reader reads it).
import { type Ref, useState } from 'react';
import { cn } from '@/components/ui/cn';

export function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const check = (ids: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return { selected, setSelected, check };
}

export interface BulkMessage {
  text: string;
  /** Something was refused: shown as a warning. */
  error?: boolean;
}

export function BulkStatus({
  ref,
  message,
  testId,
  className,
}: {
  ref: Ref<HTMLDivElement>;
  message?: BulkMessage;
  testId: string;
  /** The frame around a message; none while there is none. */
  className: string;
}) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      data-testid={testId}
      className={cn(
        'text-sm',
        message && className,
        message &&
          (message.error
            ? 'border-amber-300 bg-amber-50 text-amber-950'
            : 'border-emerald-200 bg-emerald-50 text-emerald-950'),
      )}
    >
      {message?.text}
    </div>
  );
}
