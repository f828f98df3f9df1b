'use client';

import type { JSONContent } from '@tiptap/react';
import { RichTextEditor } from '@/components/editor/rich-text-editor';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { fieldLabel, NUMBER_TEXT, textLimits } from '@/lib/cms/fields';
import { richTextOf, textOf } from '../item-values';
import { aria, type ControlProps, describedBy, type FieldOf, notText, quoted, Shell } from './shell';

/** Single-line text, email and URL fields. */
export function TextControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'text' | 'email' | 'url'>>) {
  const type = field.type === 'text' ? 'text' : field.type;
  const max = field.type === 'text' ? (field.max_length ?? textLimits.text.fallback) : undefined;
  return (
    <Shell field={field} id={id} error={error} note={notText(value)}>
      <Input
        {...aria(field, id, error)}
        disabled={disabled}
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

export function LongTextControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'longtext'>>) {
  return (
    <Shell field={field} id={id} error={error} note={notText(value)}>
      <Textarea
        {...aria(field, id, error)}
        disabled={disabled}
        rows={5}
        maxLength={field.max_length ?? textLimits.longtext.fallback}
        value={textOf(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    </Shell>
  );
}

/** The dashboard's one rich-text editor, as a form control. */
export function RichTextControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'richtext'>>) {
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
}

export function NumberControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'number'>>) {
  const text = textOf(value);
  const fits = text === '' || NUMBER_TEXT.test(text.trim());
  return (
    <Shell
      field={field}
      id={id}
      error={error}
      note={fits ? null : <>Stored value {quoted(value)} is not a number: enter one, or leave it blank.</>}
    >
      <Input
        {...aria(field, id, error)}
        disabled={disabled}
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
