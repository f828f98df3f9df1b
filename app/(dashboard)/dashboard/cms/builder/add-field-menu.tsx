'use client';

import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type FieldType, fieldTypes, MAX_SCHEMA_FIELDS } from '@/lib/cms/fields';
import { fieldTypeHints, fieldTypeLabels } from './labels';
import { fieldTypeIcons } from './type-icons';

/** "Add field", then one button per type; disabled at the schema's field limit. */
export function AddFieldMenu({
  full,
  disabled,
  startOpen,
  onAdd,
}: {
  full: boolean;
  disabled: boolean;
  startOpen: boolean;
  onAdd: (type: FieldType) => void;
}) {
  const [open, setOpen] = useState(startOpen);
  if (full) {
    return (
      <div className="flex items-center gap-3">
        <Button type="button" variant="outline" disabled>
          <Plus /> Add field
        </Button>
        <p className="text-sm text-muted-foreground">
          A collection holds at most {MAX_SCHEMA_FIELDS} fields. Remove one to add another.
        </p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={disabled}
          aria-expanded={open}
          aria-controls="field-type-menu"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X /> : <Plus />} Add field
        </Button>
      </div>
      {open ? (
        <fieldset
          id="field-type-menu"
          className="grid grid-cols-2 gap-2 rounded-lg border border-dashed border-border bg-muted/40 p-3 sm:grid-cols-3"
        >
          <legend className="sr-only">Field types</legend>
          {fieldTypes.map((type) => {
            const Icon = fieldTypeIcons[type];
            return (
              <button
                key={type}
                type="button"
                aria-label={fieldTypeLabels[type]}
                onClick={() => {
                  onAdd(type);
                  setOpen(false);
                }}
                className="flex items-start gap-2 rounded-md border border-border bg-white p-2 text-left shadow-sm transition-colors hover:border-primary/50 hover:bg-primary/5"
              >
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" />
                <span className="min-w-0">
                  <span className="block text-sm font-medium">{fieldTypeLabels[type]}</span>
                  <span className="block truncate text-xs text-muted-foreground">{fieldTypeHints[type]}</span>
                </span>
              </button>
            );
          })}
        </fieldset>
      ) : null}
    </div>
  );
}
