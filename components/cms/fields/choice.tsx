'use client';

import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { booleanOf, listOf, textOf } from '../item-values';
import { aria, type ControlProps, type FieldOf, quoted, Shell } from './shell';

/** A yes/no checkbox. */
export function BooleanControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'boolean'>>) {
  const fits =
    value === undefined ||
    value === null ||
    typeof value === 'boolean' ||
    value === 'true' ||
    value === 'false';
  return (
    <Shell
      field={field}
      id={id}
      error={error}
      note={fits ? null : <>Stored value {quoted(value)} is not yes or no.</>}
    >
      <label className="flex w-fit items-center gap-2 text-sm">
        <input
          {...aria(field, id, error)}
          disabled={disabled}
          type="checkbox"
          checked={booleanOf(value)}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 accent-primary"
        />
        Yes
      </label>
    </Shell>
  );
}

export function SelectControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'select'>>) {
  const text = textOf(value);
  const stale = text !== '' && !field.options.includes(text);
  return (
    <Shell
      field={field}
      id={id}
      error={error}
      note={stale ? <>Stored value {quoted(value)} is no longer one of the options.</> : null}
    >
      <Select
        {...aria(field, id, error)}
        disabled={disabled}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-sm"
      >
        {/* A required select still starts blank: choosing is the owner's decision, not the first option's. */}
        {!field.required || text === '' ? (
          <option value="">{field.required ? 'Choose…' : 'None'}</option>
        ) : null}
        {stale ? <option value={text}>{text} (not an option)</option> : null}
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    </Shell>
  );
}

/** One checkbox per option, in a fieldset. */
export function MultiSelectControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'multi_select'>>) {
  const picks = listOf(value);
  const stale = picks.filter((pick) => !field.options.includes(pick));
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...picks, option] : picks.filter((pick) => pick !== option));
  const bounds = [
    field.min !== undefined ? `at least ${field.min}` : null,
    field.max !== undefined ? `at most ${field.max}` : null,
  ].filter(Boolean);
  return (
    <Shell
      field={field}
      id={id}
      error={error}
      group
      note={
        stale.length > 0 ? (
          <>
            {stale.map((pick) => `“${pick}”`).join(', ')} {stale.length === 1 ? 'is' : 'are'} no longer among
            the options: untick to remove.
          </>
        ) : null
      }
    >
      <div className="flex flex-wrap gap-x-4 gap-y-2" id={id}>
        {[...field.options, ...stale].map((option, index) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              id={`${id}-${index}`}
              checked={picks.includes(option)}
              disabled={disabled}
              onChange={(event) => toggle(option, event.target.checked)}
              className="size-4 accent-primary"
            />
            <span className={cn(stale.includes(option) && 'text-muted-foreground line-through')}>
              {option}
            </span>
          </label>
        ))}
      </div>
      {bounds.length > 0 ? (
        <p className="text-xs text-muted-foreground">Pick {bounds.join(' and ')}.</p>
      ) : null}
    </Shell>
  );
}

/** A job or an item of another collection: a select of the choices given, or an id typed by hand. */
export function ReferenceControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
  references,
}: ControlProps<FieldOf<'reference'>>) {
  const text = textOf(value);
  const target = field.to === 'jobs' ? 'jobs' : `items of “${field.to}”`;
  if (!references) {
    return (
      <Shell field={field} id={id} error={error}>
        <Input
          {...aria(field, id, error)}
          disabled={disabled}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          placeholder={field.to === 'jobs' ? 'Job id' : 'Item id'}
          className="font-mono"
        />
      </Shell>
    );
  }
  const known = text === '' || references.some((option) => option.id === text);
  return (
    <Shell
      field={field}
      id={id}
      error={error}
      note={references.length === 0 && text === '' ? <>There are no {target} to point at yet.</> : null}
    >
      <Select
        {...aria(field, id, error)}
        disabled={disabled}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-sm"
      >
        {!field.required || text === '' ? (
          <option value="">{field.required ? 'Choose…' : 'None'}</option>
        ) : null}
        {known ? null : (
          <option value={text}>
            {text} (not among the first {references.length})
          </option>
        )}
        {references.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </Select>
    </Shell>
  );
}
