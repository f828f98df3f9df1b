'use client';

import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { textLimits } from '@/lib/cms/fields';
import { type DraftField, defaultEditableTypes, JOBS_TARGET, SELF_TARGET } from './draft';
import type { FieldErrorKey } from './errors';

export interface ReferenceTarget {
  slug: string;
  name: string;
}

interface OptionsProps {
  field: DraftField;
  errors: Partial<Record<FieldErrorKey, string>>;
  disabled: boolean;
  onChange: (change: Partial<DraftField>) => void;
}

const invalid = (id: string, error: string | undefined) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});

function NumberInput({
  id,
  label,
  value,
  error,
  hint,
  placeholder,
  step,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  placeholder?: string;
  step?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...invalid(id, error)}
      />
    </Field>
  );
}

/** The lower and upper bound of a range: of a number, or of how many options an item picks. */
function RangeInputs({
  field,
  errors,
  disabled,
  onChange,
  minLabel,
  maxLabel,
  step,
}: OptionsProps & { minLabel: string; maxLabel: string; step: string }) {
  const id = (part: string) => `${field.key}-${part}`;
  return (
    <>
      <NumberInput
        id={id('min')}
        label={minLabel}
        value={field.min}
        step={step}
        error={errors.min}
        disabled={disabled}
        onChange={(min) => onChange({ min })}
      />
      <NumberInput
        id={id('max')}
        label={maxLabel}
        value={field.max}
        step={step}
        error={errors.max}
        disabled={disabled}
        onChange={(max) => onChange({ max })}
      />
    </>
  );
}

/** The inputs only some types have: length limits, ranges, options, the reference target. */
export function TypeOptions({
  field,
  errors,
  disabled,
  onChange,
  targets,
  collectionName,
}: OptionsProps & { targets: ReferenceTarget[]; collectionName: string }) {
  const id = (part: string) => `${field.key}-${part}`;
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'richtext':
      return (
        <div className="grid grid-cols-2 items-start gap-3">
          <NumberInput
            id={id('max-length')}
            label="Maximum length"
            value={field.maxLength}
            placeholder={String(textLimits[field.type].fallback)}
            hint={`Characters; up to ${textLimits[field.type].ceiling.toLocaleString('en')}.`}
            step="1"
            error={errors.max_length}
            disabled={disabled}
            onChange={(maxLength) => onChange({ maxLength })}
          />
        </div>
      );
    case 'number':
      return (
        <div className="grid grid-cols-2 items-start gap-3">
          <RangeInputs
            {...{ field, errors, disabled, onChange }}
            minLabel="Minimum"
            maxLabel="Maximum"
            step="any"
          />
          <label className="col-span-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={field.integer}
              disabled={disabled}
              onChange={(event) => onChange({ integer: event.target.checked })}
              className="size-4 accent-primary"
            />
            Whole numbers only
          </label>
        </div>
      );
    case 'select':
    case 'multi_select':
      return (
        <div className="grid grid-cols-1 gap-3">
          <Field
            id={id('options')}
            label="Options (one per line)"
            error={errors.options}
            hint="Blank lines are skipped. Items store the option exactly as written."
          >
            <Textarea
              id={id('options')}
              value={field.options}
              rows={4}
              className="min-h-20 font-mono text-xs"
              disabled={disabled}
              onChange={(event) => onChange({ options: event.target.value })}
              {...invalid(id('options'), errors.options)}
            />
          </Field>
          {field.type === 'multi_select' ? (
            <div className="grid grid-cols-2 items-start gap-3">
              <RangeInputs
                {...{ field, errors, disabled, onChange }}
                minLabel="Minimum picks"
                maxLabel="Maximum picks"
                step="1"
              />
            </div>
          ) : null}
        </div>
      );
    case 'reference':
      return (
        <Field
          id={id('to')}
          label="Points to"
          error={errors.to}
          hint="An item of this field holds the id of a job or of an item of that collection."
        >
          <Select
            id={id('to')}
            value={field.to}
            disabled={disabled}
            onChange={(event) => onChange({ to: event.target.value })}
            {...invalid(id('to'), errors.to)}
          >
            <option value={JOBS_TARGET}>Jobs</option>
            {targets.map((target) => (
              <option key={target.slug} value={target.slug}>
                {target.name}
              </option>
            ))}
            <option value={SELF_TARGET}>This collection{collectionName ? ` (${collectionName})` : ''}</option>
          </Select>
        </Field>
      );
    default:
      return null;
  }
}

const optionList = (options: string) =>
  options
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The default value's input, for the types where one input can say it. */
export function DefaultInput({ field, errors, disabled, onChange }: OptionsProps) {
  if (!defaultEditableTypes.has(field.type)) return null;
  const id = `${field.key}-default`;
  const common = {
    id,
    value: field.defaultText,
    disabled,
    ...invalid(id, errors.default),
  };
  const set = (defaultText: string) => onChange({ defaultText });
  let control: ReactNode;
  if (field.type === 'boolean') {
    control = (
      <Select {...common} onChange={(event) => set(event.target.value)}>
        <option value="">No default</option>
        <option value="true">Yes</option>
        <option value="false">No</option>
      </Select>
    );
  } else if (field.type === 'select') {
    const options = optionList(field.options);
    control = (
      <Select {...common} onChange={(event) => set(event.target.value)}>
        <option value="">No default</option>
        {field.defaultText && !options.includes(field.defaultText) ? (
          <option value={field.defaultText}>{field.defaultText}</option>
        ) : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    );
  } else {
    const type = field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text';
    control = (
      <Input
        {...common}
        type={type}
        step={field.type === 'number' ? 'any' : undefined}
        placeholder="None"
        onChange={(event) => set(event.target.value)}
      />
    );
  }
  return (
    <Field id={id} label="Default value" error={errors.default} hint="Fills new items that leave it empty.">
      {control}
    </Field>
  );
}
