import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { fieldLabel, type SchemaField } from '@/lib/cms/fields';
import type { AssetSummary } from '../asset-field';
import { textOf } from '../item-values';

/** A choice of a reference field: a job or an item of the target collection. */
export interface ReferenceOption {
  id: string;
  label: string;
}

/** What every control receives; `field` is narrowed to the types the control handles. */
export interface ControlProps<Field extends SchemaField = SchemaField> {
  field: Field;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  disabled?: boolean;
  references?: ReferenceOption[];
  assets?: Record<string, AssetSummary>;
}

/** The schema fields of the given types. */
export type FieldOf<Type extends SchemaField['type']> = Extract<SchemaField, { type: Type }>;

/** Label, required marker, the control, a note about a stored value that no longer fits, help and error. */
export function Shell({
  field,
  id,
  error,
  note,
  group,
  children,
}: {
  field: SchemaField;
  id: string;
  error?: string;
  note?: ReactNode;
  /** Several controls (checkbox group): a fieldset with a legend instead of a label. */
  group?: boolean;
  children: ReactNode;
}) {
  const title = (
    <>
      {fieldLabel(field)}
      {field.required ? (
        <span className="ml-0.5 text-destructive" aria-hidden>
          *
        </span>
      ) : null}
    </>
  );
  const footer = (
    <>
      {note ? (
        <p className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900" data-testid="stored-value-note">
          {note}
        </p>
      ) : null}
      {field.description ? (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {field.description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
  if (group)
    return (
      <fieldset className="grid gap-1.5" aria-describedby={describedBy(field, id, error)}>
        <legend className="mb-1.5 text-sm font-medium leading-none">{title}</legend>
        {children}
        {footer}
      </fieldset>
    );
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{title}</Label>
      {children}
      {footer}
    </div>
  );
}

export const describedBy = (field: SchemaField, id: string, error?: string) =>
  [field.description ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
  undefined;

/** The ARIA attributes every single control carries. */
export const aria = (field: SchemaField, id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-required': field.required || undefined,
  'aria-describedby': describedBy(field, id, error),
});

/** A stored value shown as it is, for the note under a control that cannot display it. */
export const quoted = (value: unknown) => `“${textOf(value).slice(0, 200)}”`;

/** A note for a text control showing a value stored as something else: saving turns it into text. */
export function notText(value: unknown): ReactNode {
  if (value === undefined || value === null || typeof value === 'string') return null;
  const kind = Array.isArray(value)
    ? 'a list'
    : typeof value === 'object' && (value as { type?: unknown }).type === 'doc'
      ? 'rich text'
      : typeof value === 'number'
        ? 'a number'
        : typeof value === 'boolean'
          ? 'yes/no'
          : 'structured data';
  return (
    <>
      Stored as {kind}; saving keeps it as the text shown{kind === 'rich text' ? ', without formatting' : ''}.
    </>
  );
}
