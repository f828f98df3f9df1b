'use client';

import type { JSONContent } from '@tiptap/react';
import { ImageIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState, useSyncExternalStore } from 'react';
import { MediaPicker } from '@/app/(dashboard)/dashboard/media/media-picker';
import { RichTextEditor } from '@/components/editor/rich-text-editor';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { fieldLabel, type SchemaField, textLimits } from '@/lib/cms/fields';
import { AssetField, type AssetSummary } from './asset-field';
import { describeTimeZone, isoToLocalInput, localInputToIso } from './date-time';
import { booleanOf, type ItemValues, listOf, richTextOf, textOf } from './item-values';

/** A choice of a reference field: a job or an item of the target collection. */
export interface ReferenceOption {
  id: string;
  label: string;
}

export interface ItemFieldsProps {
  schema: SchemaField[];
  values: ItemValues;
  onChange: (values: ItemValues) => void;
  /** Messages by field name. */
  errors?: Record<string, string>;
  disabled?: boolean;
  /** Choices of each reference field, by field name; without them a reference is typed as an id. */
  references?: Record<string, ReferenceOption[]>;
  /** Assets the page loaded, by id, to show the chosen ones. */
  assets?: Record<string, AssetSummary>;
  /** Prefixes the control ids, so two renderings on one page (form and preview) stay distinct. */
  idPrefix?: string;
}

/** One labelled control per schema field: the item form, and the builder's live preview. */
export function ItemFields({
  schema,
  values,
  onChange,
  errors = {},
  disabled,
  references,
  assets,
  idPrefix = 'item',
}: ItemFieldsProps) {
  return (
    <div className="grid gap-5">
      {schema.map((field) => (
        <ItemField
          key={field.name}
          field={field}
          id={`${idPrefix}-${field.name}`}
          value={values[field.name]}
          onChange={(value) => onChange({ ...values, [field.name]: value })}
          error={errors[field.name]}
          disabled={disabled}
          references={references?.[field.name]}
          assets={assets}
        />
      ))}
    </div>
  );
}

interface ControlProps {
  field: SchemaField;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  disabled?: boolean;
  references?: ReferenceOption[];
  assets?: Record<string, AssetSummary>;
}

/** Label, required marker, the control, a note about a stored value that no longer fits, help and error. */
function Shell({
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

const describedBy = (field: SchemaField, id: string, error?: string) =>
  [field.description ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
  undefined;

/** The ARIA attributes every single control carries. */
const aria = (field: SchemaField, id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-required': field.required || undefined,
  'aria-describedby': describedBy(field, id, error),
});

/** A stored value shown as it is, for the note under a control that cannot display it. */
const quoted = (value: unknown) => `“${textOf(value).slice(0, 200)}”`;

/** A note for a text control showing a value stored as something else: saving turns it into text. */
function notText(value: unknown): ReactNode {
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

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function ItemField(props: ControlProps) {
  const { field, id, value, onChange, error, disabled } = props;
  const common = { ...aria(field, id, error), disabled };
  switch (field.type) {
    case 'text':
    case 'email':
    case 'url': {
      const type = field.type === 'text' ? 'text' : field.type;
      const max = field.type === 'text' ? (field.max_length ?? textLimits.text.fallback) : undefined;
      return (
        <Shell field={field} id={id} error={error} note={notText(value)}>
          <Input
            {...common}
            type={type}
            maxLength={max}
            value={textOf(value)}
            onChange={(event) => onChange(event.target.value)}
            placeholder={
              field.type === 'email' ? 'name@example.com' : field.type === 'url' ? 'https://…' : undefined
            }
          />
        </Shell>
      );
    }
    case 'longtext':
      return (
        <Shell field={field} id={id} error={error} note={notText(value)}>
          <Textarea
            {...common}
            rows={5}
            maxLength={field.max_length ?? textLimits.longtext.fallback}
            value={textOf(value)}
            onChange={(event) => onChange(event.target.value)}
          />
        </Shell>
      );
    case 'richtext':
      return (
        <Shell field={field} id={id} error={error}>
          <RichTextEditor
            id={id}
            label={fieldLabel(field)}
            value={richTextOf(value) as JSONContent | string | null}
            onChange={onChange}
            disabled={disabled}
            invalid={!!error}
            describedBy={describedBy(field, id, error)}
          />
        </Shell>
      );
    case 'number': {
      const text = textOf(value);
      const fits = text === '' || NUMBER_TEXT.test(text.trim());
      return (
        <Shell
          field={field}
          id={id}
          error={error}
          note={
            fits ? null : <>Stored value {quoted(value)} is not a number: enter one, or leave it blank.</>
          }
        >
          <Input
            {...common}
            type="number"
            inputMode={field.integer ? 'numeric' : 'decimal'}
            min={field.min}
            max={field.max}
            step={field.integer ? 1 : 'any'}
            value={fits ? text : ''}
            onChange={(event) => onChange(event.target.value)}
            className="max-w-xs"
          />
        </Shell>
      );
    }
    case 'boolean': {
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
              {...common}
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
    case 'select':
      return <SelectControl {...props} />;
    case 'multi_select':
      return <MultiSelectControl {...props} />;
    case 'date': {
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
            {...common}
            type="date"
            value={fits ? text : ''}
            onChange={(event) => onChange(event.target.value)}
            className="max-w-xs"
          />
        </Shell>
      );
    }
    case 'datetime':
      return (
        <DateTimeControl
          id={id}
          value={value}
          onChange={onChange}
          disabled={disabled}
          error={error}
          field={field}
        />
      );
    case 'image':
      return <ImageControl {...props} />;
    case 'asset':
      return (
        <Shell field={field} id={id} error={error}>
          <AssetField
            id={id}
            label={fieldLabel(field)}
            value={textOf(value)}
            known={props.assets}
            onChange={onChange}
            disabled={disabled}
            invalid={!!error}
            describedBy={describedBy(field, id, error)}
          />
        </Shell>
      );
    case 'reference':
      return <ReferenceControl {...props} />;
  }
}

function SelectControl({ field, id, value, onChange, error, disabled }: ControlProps) {
  if (field.type !== 'select') return null;
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

function MultiSelectControl({ field, id, value, onChange, error, disabled }: ControlProps) {
  if (field.type !== 'multi_select') return null;
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

function DateTimeControl({ field, id, value, onChange, error, disabled }: ControlProps) {
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

function ImageControl({ field, id, value, onChange, error, disabled }: ControlProps) {
  const [picking, setPicking] = useState(false);
  const text = textOf(value);
  const showable = /^https?:\/\//i.test(text.trim());
  return (
    <Shell field={field} id={id} error={error}>
      <div className="flex items-start gap-3">
        <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-muted">
          {showable ? (
            // biome-ignore lint/performance/noImgElement: any http(s) host may serve the image
            <img src={text.trim()} alt="" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-5 text-muted-foreground" />
          )}
        </span>
        <div className="grid flex-1 gap-2">
          <Input
            {...aria(field, id, error)}
            disabled={disabled}
            type="url"
            placeholder="https://…"
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
          {disabled ? null : (
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
                <ImageIcon /> Choose from library
              </Button>
              {text ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
                  Remove
                </Button>
              ) : null}
            </div>
          )}
        </div>
      </div>
      <MediaPicker open={picking} onOpenChange={setPicking} title={fieldLabel(field)} onSelect={onChange} />
    </Shell>
  );
}

function ReferenceControl({ field, id, value, onChange, error, disabled, references }: ControlProps) {
  if (field.type !== 'reference') return null;
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
