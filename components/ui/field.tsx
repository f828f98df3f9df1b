import {
  type ComponentProps,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Input } from './input';
import { Label } from './label';

/** The id of what describes a field's control: its error when it has one, else its hint. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: ReactNode }) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** A visible "required" mark for a label; the control's own `required` is what assistive tech reads. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

/**
 * A labelled form control with its validation message (or a hint) underneath. The control (the one
 * child element) is tied to that message with `aria-describedby` and gets `aria-invalid` and
 * `required`, unless it sets them itself.
 */
export function Field({
  id,
  label,
  error,
  hint,
  required = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      {required ? (
        // The mark sits beside the label, not in it: the label's text stays the field's name.
        <span className="flex items-baseline">
          <Label htmlFor={id}>{label}</Label>
          <RequiredMark />
        </span>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {described(children, { describedBy: describedBy(id, { error, hint }), invalid: !!error, required })}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function described(
  control: ReactNode,
  { describedBy, invalid, required }: { describedBy?: string; invalid: boolean; required: boolean },
): ReactNode {
  if (!isValidElement(control) || control.type === Fragment) return control;
  const own = control.props as Record<string, unknown>;
  return cloneElement(control as ReactElement<Record<string, unknown>>, {
    'aria-describedby': own['aria-describedby'] ?? describedBy,
    'aria-invalid': own['aria-invalid'] ?? (invalid || undefined),
    ...(required && own.required === undefined ? { required: true } : {}),
  });
}

/** A Field holding one text input; `name` doubles as the id unless one is given. */
export function TextField({
  name,
  label,
  error,
  hint,
  id = name,
  required,
  ...inputProps
}: ComponentProps<'input'> & { name: string; label: string; error?: string; hint?: ReactNode }) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <Input id={id} name={name} {...inputProps} />
    </Field>
  );
}
