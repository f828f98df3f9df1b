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

/** A table header's box over its rows: checked when all are selected, mixed when only some are. */
export function SelectAllBox({
  label,
  ids,
  selected,
  onCheck,
}: {
  label: string;
  ids: readonly string[];
  selected: ReadonlySet<string>;
  onCheck: (ids: readonly string[], on: boolean) => void;
}) {
  const count = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4 accent-primary"
      ref={(box) => {
        if (box) box.indeterminate = count > 0 && !all;
      }}
      checked={all}
      onChange={(event) => onCheck(ids, event.target.checked)}
    />
  );
}

/** A row's box, named after what the row is ("Select Ada Lovelace"). */
export function SelectRowBox({
  id,
  name,
  checked,
  onCheck,
  className,
}: {
  id: string;
  name: string;
  checked: boolean;
  onCheck: (on: boolean) => void;
  className?: string;
}) {
  return (
    <>
      <input
        type="checkbox"
        id={`select-${id}`}
        className={cn('size-4 accent-primary', className)}
        checked={checked}
        onChange={(event) => onCheck(event.target.checked)}
      />
      <label htmlFor={`select-${id}`} className="sr-only">
        Select {name}
      </label>
    </>
  );
}
