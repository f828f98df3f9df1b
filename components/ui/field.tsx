import type { ComponentProps, ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';

/** A labelled form control with its validation message (or a hint) underneath. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}

/** A Field holding one text input; `name` doubles as the id unless one is given. */
export function TextField({
  name,
  label,
  error,
  hint,
  id = name,
  ...inputProps
}: ComponentProps<'input'> & { name: string; label: string; error?: string; hint?: ReactNode }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        name={name}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
      />
    </Field>
  );
}
