'use client';

import { type ComponentProps, useState, useSyncExternalStore } from 'react';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { describeTimeZone, isoToLocalInput, localInputToIso } from '../date-time';
import { textOf } from '../item-values';
import { aria, type ControlProps, type FieldOf, quoted, Shell } from './shell';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The browser's time zone; UTC while rendering on the server and hydrating, so both renders agree,
 * then the browser's own.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => 'UTC');
}

/** A datetime-local input for an ISO instant (`value`), read and shown in the browser's time zone. */
export function DateTimeInput({
  value,
  onChange,
  timeZone,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (iso: string) => void;
  timeZone: string;
}) {
  // What the owner typed, kept while it is not yet a complete date and time.
  const [draft, setDraft] = useState<{ text: string; for: string } | null>(null);
  const shown = draft && draft.for === value ? draft.text : isoToLocalInput(value, timeZone);
  return (
    <Input
      {...props}
      type="datetime-local"
      value={shown}
      onChange={(event) => {
        const text = event.target.value;
        const iso = text ? localInputToIso(text, timeZone) : '';
        if (iso === null) {
          setDraft({ text, for: value });
          return;
        }
        setDraft({ text, for: iso });
        onChange(iso);
      }}
      className={cn('max-w-xs', className)}
    />
  );
}

/** A calendar date, `YYYY-MM-DD`. */
export function DateControl({ field, id, value, onChange, error, disabled }: ControlProps<FieldOf<'date'>>) {
  const text = textOf(value);
  const fits = text === '' || DATE.test(text);
  return (
    <Shell
      field={field}
      id={id}
      error={error}
      note={fits ? null : <>Stored value {quoted(value)} is not a date.</>}
    >
      <Input
        {...aria(field, id, error)}
        disabled={disabled}
        type="date"
        value={fits ? text : ''}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-xs"
      />
    </Shell>
  );
}

/** An instant, entered in the browser's time zone and stored as ISO 8601 UTC. */
export function DateTimeControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'datetime'>>) {
  const timeZone = useTimeZone();
  const text = textOf(value);
  const fits = text === '' || !Number.isNaN(Date.parse(text));
  return (
    <Shell
      field={field}
      id={id}
      error={error}
      note={fits ? null : <>Stored value {quoted(value)} is not a date and time.</>}
    >
      <DateTimeInput
        {...aria(field, id, error)}
        disabled={disabled}
        value={fits ? text : ''}
        onChange={onChange}
        timeZone={timeZone}
      />
      <p className="text-xs text-muted-foreground">Time zone: {describeTimeZone(timeZone)}</p>
    </Shell>
  );
}
