'use client';

import type { SchemaField } from '@/lib/cms/fields';
import type { AssetSummary } from './asset-field';
import { BooleanControl, MultiSelectControl, ReferenceControl, SelectControl } from './fields/choice';
import { DateControl, DateTimeControl } from './fields/date';
import { AssetControl, ImageControl } from './fields/media';
import type { ControlProps, ReferenceOption } from './fields/shell';
import { LongTextControl, NumberControl, RichTextControl, TextControl } from './fields/text';
import type { ItemValues } from './item-values';

export type { ReferenceOption } from './fields/shell';

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

/** The control for the field's type (`fields/`: text, choice, date and media controls). */
function ItemField({ field, ...props }: ControlProps) {
  switch (field.type) {
    case 'text':
    case 'email':
    case 'url':
      return <TextControl {...props} field={field} />;
    case 'longtext':
      return <LongTextControl {...props} field={field} />;
    case 'richtext':
      return <RichTextControl {...props} field={field} />;
    case 'number':
      return <NumberControl {...props} field={field} />;
    case 'boolean':
      return <BooleanControl {...props} field={field} />;
    case 'select':
      return <SelectControl {...props} field={field} />;
    case 'multi_select':
      return <MultiSelectControl {...props} field={field} />;
    case 'date':
      return <DateControl {...props} field={field} />;
    case 'datetime':
      return <DateTimeControl {...props} field={field} />;
    case 'image':
      return <ImageControl {...props} field={field} />;
    case 'asset':
      return <AssetControl {...props} field={field} />;
    case 'reference':
      return <ReferenceControl {...props} field={field} />;
  }
}
