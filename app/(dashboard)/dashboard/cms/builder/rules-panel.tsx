'use client';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { humanize } from '@/lib/cms/fields';
import { type CollectionVisibility, collectionVisibilities } from '@/lib/cms/schemas';
import type { Draft } from './draft';
import type { BuilderErrors } from './errors';
import { visibilityHints, visibilityLabels } from './labels';

/** Field types a list cannot be sorted by (the API refuses them as `sort_by`). */
const unsortableTypes = new Set(['richtext', 'multi_select']);

const columnSorts = [
  { value: 'column:created_at', label: 'Created' },
  { value: 'column:updated_at', label: 'Updated' },
  { value: 'column:position', label: 'Position' },
] as const;

function sortValue(sort: Draft['sort']): string {
  return 'column' in sort ? `column:${sort.column}` : `field:${sort.field}`;
}

function sortFromValue(value: string): Draft['sort'] {
  const [kind, rest = ''] = value.split(/:(.*)/s);
  if (kind === 'field') return { field: rest };
  return { column: rest as 'created_at' };
}

export function RulesPanel({
  draft,
  errors,
  disabled,
  onChange,
}: {
  draft: Draft;
  errors: BuilderErrors['collection'];
  disabled: boolean;
  onChange: (change: Partial<Draft>) => void;
}) {
  const chosenField = 'field' in draft.sort ? draft.sort.field : null;
  // The chosen field stays listed after a type change, so the API's refusal shows next to it.
  const sortable = draft.fields.filter(
    (field) => field.key === chosenField || (!unsortableTypes.has(field.type) && field.name.trim()),
  );
  const current = sortValue(draft.sort);
  const currentKnown =
    chosenField === null
      ? columnSorts.some((sort) => sort.value === current)
      : sortable.some((field) => field.key === chosenField);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Visibility and rules</CardTitle>
        <CardDescription>Who can read the items, who can send them, and their order.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <Field
          id="collection-visibility"
          label="Visibility"
          error={errors.visibility}
          hint={visibilityHints[draft.visibility]}
        >
          <Select
            id="collection-visibility"
            value={draft.visibility}
            disabled={disabled}
            onChange={(event) => onChange({ visibility: event.target.value as CollectionVisibility })}
          >
            {collectionVisibilities.map((visibility) => (
              <option key={visibility} value={visibility}>
                {visibilityLabels[visibility]}
              </option>
            ))}
          </Select>
        </Field>
        {draft.visibility === 'gated' ? (
          <TextField
            id="collection-entitlement"
            name="required_entitlement"
            label="Required entitlement"
            placeholder="e.g. premium"
            hint="Members holding this entitlement will be able to read the items."
            value={draft.requiredEntitlement}
            disabled={disabled}
            error={errors.required_entitlement}
            onChange={(event) => onChange({ requiredEntitlement: event.target.value })}
          />
        ) : null}
        <div className="grid grid-cols-1 gap-1.5">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={draft.allowPublicSubmit}
              disabled={disabled}
              onChange={(event) => onChange({ allowPublicSubmit: event.target.checked })}
              className="size-4 accent-primary"
            />
            Allow public submissions
          </label>
          <p className="text-xs text-muted-foreground">
            Visitors can send items from your site&apos;s forms, without an API key.
          </p>
          {errors.allow_public_submit ? (
            <p className="text-xs text-destructive">{errors.allow_public_submit}</p>
          ) : null}
        </div>
        <Field
          id="collection-moderation"
          label="Moderation"
          error={errors.moderation}
          hint={
            draft.moderation === 'manual'
              ? 'Submissions wait in the review queue until you approve them.'
              : 'Submissions are published as soon as they arrive.'
          }
        >
          <Select
            id="collection-moderation"
            value={draft.moderation}
            disabled={disabled}
            onChange={(event) => onChange({ moderation: event.target.value as Draft['moderation'] })}
          >
            <option value="manual">Manual review</option>
            <option value="auto">Publish immediately</option>
          </Select>
        </Field>
        <div className="grid grid-cols-[minmax(0,1fr)_8rem] items-start gap-3">
          <Field id="collection-sort" label="Default sort" error={errors.sort_by}>
            <Select
              id="collection-sort"
              value={currentKnown ? current : 'column:created_at'}
              disabled={disabled}
              onChange={(event) => onChange({ sort: sortFromValue(event.target.value) })}
              aria-invalid={!!errors.sort_by}
            >
              {columnSorts.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
              {sortable.length > 0 ? (
                <optgroup label="Fields">
                  {sortable.map((field) => (
                    <option key={field.key} value={`field:${field.key}`}>
                      {field.label.trim() || humanize(field.name.trim()) || 'Untitled field'}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </Select>
          </Field>
          <Field id="collection-sort-dir" label="Sort direction" error={errors.sort_dir}>
            <Select
              id="collection-sort-dir"
              value={draft.sortDir}
              disabled={disabled}
              onChange={(event) => onChange({ sortDir: event.target.value as Draft['sortDir'] })}
            >
              <option value="desc">Descending</option>
              <option value="asc">Ascending</option>
            </Select>
          </Field>
        </div>
      </CardContent>
    </Card>
  );
}
