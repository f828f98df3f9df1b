'use client';

import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, GripVertical, Trash2 } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { fieldTypes, humanize, uniqueCapableTypes } from '@/lib/cms/fields';
import type { DraftField } from './draft';
import type { FieldErrorKey } from './errors';
import { DefaultInput, type ReferenceTarget, TypeOptions } from './field-options';
import { fieldTypeLabels } from './labels';
import { fieldTypeIcons } from './type-icons';

export interface DragHandlers {
  onDragStart: (index: number) => void;
  onDragOver: (index: number, after: boolean) => void;
  /** `key` is the dragged card's, from the drag data. */
  onDrop: (key: string, index: number, after: boolean) => void;
  onDragEnd: () => void;
}

export function FieldCard({
  field,
  index,
  count,
  errors,
  disabled,
  autoFocus,
  dropMarker,
  dragging,
  drag,
  targets,
  collectionName,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  index: number;
  count: number;
  errors: Partial<Record<FieldErrorKey, string>>;
  disabled: boolean;
  /** Just added: the label takes the focus. */
  autoFocus: boolean;
  /** Where a dragged card would land relative to this one. */
  dropMarker: 'before' | 'after' | null;
  dragging: boolean;
  drag: DragHandlers;
  targets: ReferenceTarget[];
  collectionName: string;
  onChange: (change: Partial<DraftField>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const card = useRef<HTMLLIElement>(null);
  const [collapsed, setCollapsed] = useState(false);
  const id = (part: string) => `${field.key}-${part}`;
  const Icon = fieldTypeIcons[field.type];
  const title = field.label.trim() || (field.name.trim() ? humanize(field.name.trim()) : 'Untitled field');
  const hasErrors = Object.keys(errors).length > 0;
  // A card with a problem stays open so its message shows.
  const open = !collapsed || hasErrors;
  const typeChanged = field.savedType !== undefined && field.savedType !== field.type;
  const renamed = field.savedName !== undefined && field.savedName !== field.name.trim();

  const startDrag = (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', field.key);
    if (card.current) event.dataTransfer.setDragImage(card.current, 24, 24);
    drag.onDragStart(index);
  };
  const lowerHalf = (event: DragEvent<HTMLLIElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY > box.top + box.height / 2;
  };
  const dragOver = (event: DragEvent<HTMLLIElement>) => {
    if (!event.dataTransfer.types.includes('text/plain')) return;
    event.preventDefault();
    drag.onDragOver(index, lowerHalf(event));
  };

  return (
    <li
      ref={card}
      aria-label={`${title} (${fieldTypeLabels[field.type]})`}
      data-testid="field-card"
      onDragOver={dragOver}
      onDrop={(event) => {
        event.preventDefault();
        drag.onDrop(event.dataTransfer.getData('text/plain'), index, lowerHalf(event));
      }}
      className={cn(
        'relative rounded-lg border bg-white shadow-sm',
        hasErrors ? 'border-destructive/60' : 'border-border',
        dragging && 'opacity-50',
      )}
    >
      {dropMarker ? (
        <span
          aria-hidden
          className={cn(
            'absolute inset-x-0 h-0.5 rounded bg-primary',
            dropMarker === 'before' ? '-top-2' : '-bottom-2',
          )}
        />
      ) : null}
      <div className={cn('flex flex-wrap items-center gap-2 px-2 py-2', open && 'border-b border-border')}>
        {/* Chromium starts no drag from a <button>; keyboard users have "Move up" / "Move down". */}
        <div
          draggable={!disabled}
          onDragStart={startDrag}
          onDragEnd={drag.onDragEnd}
          aria-hidden
          title="Drag to reorder"
          data-testid="drag-handle"
          className="cursor-grab rounded p-1 text-muted-foreground hover:bg-muted active:cursor-grabbing"
        >
          <GripVertical className="size-4" />
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-7"
          aria-expanded={open}
          aria-controls={id('body')}
          aria-label={open ? 'Collapse field' : 'Expand field'}
          title={open ? 'Collapse' : 'Expand'}
          onClick={() => setCollapsed(open)}
        >
          {open ? <ChevronDown /> : <ChevronRight />}
        </Button>
        <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
          <Icon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">
            {title}
            {field.required ? <span className="ml-1 text-destructive">*</span> : null}
          </p>
          <p className="truncate font-mono text-xs text-muted-foreground">
            {field.name.trim() || 'no name yet'}
          </p>
        </div>
        <Select
          id={id('type')}
          aria-label="Type"
          value={field.type}
          disabled={disabled}
          onChange={(event) => onChange({ type: event.target.value as DraftField['type'] })}
          className="h-8 w-36 text-xs"
          aria-invalid={!!errors.type}
        >
          {fieldTypes.map((type) => (
            <option key={type} value={type}>
              {fieldTypeLabels[type]}
            </option>
          ))}
        </Select>
        <div className="ml-auto flex">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Move up"
            title="Move up"
            disabled={disabled || index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Move down"
            title="Move down"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            aria-label="Remove field"
            title="Remove field"
            disabled={disabled}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <div id={id('body')} hidden={!open} className={cn('grid grid-cols-1 gap-3 p-4', !open && 'hidden')}>
        {errors.field ? <p className="text-xs text-destructive">{errors.field}</p> : null}
        {typeChanged ? (
          <p
            className={cn(
              'rounded-md px-3 py-2 text-xs',
              errors.type ? 'bg-destructive/5 text-destructive' : 'bg-amber-50 text-amber-900',
            )}
          >
            Saved as {fieldTypeLabels[field.savedType!]}. Items already stored keep their{' '}
            {fieldTypeLabels[field.savedType!].toLowerCase()} values until they are edited.
          </p>
        ) : null}
        <div className="grid grid-cols-2 items-start gap-3">
          <TextField
            id={id('label')}
            name={id('label')}
            required
            label="Label"
            value={field.label}
            placeholder="e.g. Title"
            autoFocus={autoFocus}
            disabled={disabled}
            error={errors.label}
            onChange={(event) => onChange({ label: event.target.value })}
          />
          <TextField
            id={id('name')}
            name={id('name')}
            required
            label="Field name"
            value={field.name}
            className="font-mono"
            placeholder="title"
            disabled={disabled}
            error={errors.name}
            hint={
              renamed
                ? `Renamed from ${field.savedName}: stored items keep their values under the old name.`
                : 'Its key in the API.'
            }
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>
        <TextField
          id={id('description')}
          name={id('description')}
          label="Help text"
          value={field.description}
          placeholder="Shown under the input when someone fills in an item"
          disabled={disabled}
          error={errors.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <TypeOptions
          field={field}
          errors={errors}
          disabled={disabled}
          onChange={onChange}
          targets={targets}
          collectionName={collectionName}
        />
        <div className="grid grid-cols-2 items-start gap-3">
          <div className="grid grid-cols-1 gap-2 pt-1">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={field.required}
                disabled={disabled}
                onChange={(event) => onChange({ required: event.target.checked })}
                className="size-4 accent-primary"
              />
              Required
            </label>
            {uniqueCapableTypes.has(field.type) ? (
              <label className="flex items-center gap-2 text-sm" title="No two items may share a value">
                <input
                  type="checkbox"
                  checked={field.unique}
                  disabled={disabled}
                  onChange={(event) => onChange({ unique: event.target.checked })}
                  className="size-4 accent-primary"
                />
                Unique
              </label>
            ) : null}
            {errors.required ? <p className="text-xs text-destructive">{errors.required}</p> : null}
            {errors.unique ? <p className="text-xs text-destructive">{errors.unique}</p> : null}
          </div>
          <DefaultInput field={field} errors={errors} disabled={disabled} onChange={onChange} />
        </div>
        {errors.type && !typeChanged ? <p className="text-xs text-destructive">Type: {errors.type}</p> : null}
      </div>
    </li>
  );
}
