'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useLeaveWarning } from '@/components/ui/use-leave-warning';
import type { FieldType } from '@/lib/cms/fields';
import { type CollectionOut, upsertCollectionBodySchema } from '@/lib/cms/schemas';
import { type SaveCollectionResult, saveCollectionAction } from '../collection-actions';
import { AddFieldMenu } from './add-field-menu';
import {
  canAddField,
  collectionBody,
  type Draft,
  type DraftField,
  draftFromCollection,
  editField,
  editName,
  emptyDraft,
  moveField,
  newField,
} from './draft';
import { type BuilderErrors, fieldsWithErrors, hasErrors, noErrors, placeIssues } from './errors';
import { FieldCard } from './field-card';
import type { ReferenceTarget } from './field-options';
import { ItemPreview } from './item-preview';
import { RulesPanel } from './rules-panel';

type Refusal = Extract<SaveCollectionResult, { ok: false }>;

const bodyText = (draft: Draft) => JSON.stringify(collectionBody(draft));

/** After a save, the stored names and types are the draft's own. */
const settled = (draft: Draft): Draft => ({
  ...draft,
  fields: draft.fields.map((field) => ({ ...field, savedType: field.type, savedName: field.name.trim() })),
});

/** The collection builder: name and fields on the left, rules and a live preview on the right. */
export function CollectionBuilder({
  collection,
  targets,
  canEdit,
}: {
  /** The saved collection; absent on /dashboard/cms/new. */
  collection?: CollectionOut;
  /** The organization's other collections, for reference fields. */
  targets: ReferenceTarget[];
  canEdit: boolean;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(() =>
    collection ? draftFromCollection(collection) : emptyDraft,
  );
  const [savedText, setSavedText] = useState(() => (collection ? bodyText(draft) : null));
  const [isNew, setIsNew] = useState(!collection);
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<{ result: Refusal; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [drag, setDrag] = useState<{ from: number; to: number | null } | null>(null);
  const errorSummary = useRef<HTMLDivElement>(null);

  const currentText = bodyText(draft);
  const dirty =
    savedText === null ? draft.name.trim() !== '' || draft.fields.length > 0 : currentText !== savedText;
  const disabled = !canEdit || saving;

  const keys = draft.fields.map((field) => field.key);
  // Browser checks show from the first save attempt on, and then follow every edit.
  const browserErrors: BuilderErrors = (() => {
    if (!attempted) return noErrors;
    const parsed = upsertCollectionBodySchema.safeParse(JSON.parse(currentText));
    return parsed.success ? noErrors : placeIssues(parsed.error.issues, keys);
  })();
  const serverErrors = refusal ? placeIssues(refusal.result.issues, refusal.keys) : noErrors;
  const errors = hasErrors(browserErrors) ? browserErrors : serverErrors;

  useLeaveWarning(dirty);

  const update = (next: (current: Draft) => Draft) => {
    setDraft(next);
    setRefusal(null);
    setSavedNote(null);
  };
  const change = (patch: Partial<Draft>) => update((current) => ({ ...current, ...patch }));
  const changeField = (key: string, patch: Partial<DraftField>) =>
    update((current) => ({
      ...current,
      fields: current.fields.map((field) => (field.key === key ? editField(field, patch) : field)),
    }));
  const move = (from: number, to: number) =>
    update((current) => ({ ...current, fields: moveField(current.fields, from, to) }));
  const addField = (type: FieldType) => {
    const field = newField(type);
    setFocusKey(field.key);
    update((current) =>
      canAddField(current) ? { ...current, fields: [...current.fields, field] } : current,
    );
  };
  const removeField = (key: string) =>
    update((current) => ({ ...current, fields: current.fields.filter((field) => field.key !== key) }));

  const save = async (force = false) => {
    setAttempted(true);
    setSavedNote(null);
    const body = collectionBody(draft, force);
    const sentKeys = draft.fields.map((field) => field.key);
    if (!upsertCollectionBodySchema.safeParse(body).success) {
      setRefusal(null);
      requestAnimationFrame(() =>
        errorSummary.current?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      );
      return;
    }
    setSaving(true);
    try {
      const result = await saveCollectionAction(body);
      if (!result.ok) {
        setRefusal({ result, keys: sentKeys });
        requestAnimationFrame(() =>
          errorSummary.current?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
        );
        return;
      }
      setRefusal(null);
      const saved = settled(draft);
      setDraft(saved);
      setSavedText(bodyText(saved));
      if (isNew) {
        setIsNew(false);
        router.push(`/dashboard/cms/${result.slug}`);
        return;
      }
      setSavedNote(`Saved. Schema version ${result.schemaVersion}.`);
      router.refresh();
    } catch {
      setRefusal({
        result: {
          ok: false,
          error: 'The collection could not be saved. Check your connection and try again.',
          issues: [],
        },
        keys: sentKeys,
      });
    } finally {
      setSaving(false);
    }
  };

  const typeConflict = refusal?.result.code === 'field_type_immutable';
  const problemCards = fieldsWithErrors(errors);
  const showSummary = hasErrors(errors) || (refusal !== null && !typeConflict);

  const onDragOver = (index: number, after: boolean) =>
    setDrag((current) => (current ? { ...current, to: after ? index + 1 : index } : current));
  // The drop reads its place from the event itself: the last dragover may not have rendered yet.
  const onDrop = (key: string, index: number, after: boolean) => {
    const from = draft.fields.findIndex((field) => field.key === key);
    setDrag(null);
    if (from < 0) return;
    const slot = after ? index + 1 : index;
    // Dropping below a later card counts the dragged card itself, which leaves the list first.
    move(from, slot > from ? slot - 1 : slot);
  };
  const dropMarker = (index: number): 'before' | 'after' | null => {
    if (!drag || drag.to === null || drag.to === drag.from || drag.to === drag.from + 1) return null;
    if (drag.to === index) return 'before';
    if (index === draft.fields.length - 1 && drag.to === draft.fields.length) return 'after';
    return null;
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="sticky top-0 z-10 -mx-2 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/95 px-2 py-2 backdrop-blur">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="save-state">
          {saving
            ? 'Saving…'
            : savedNote && !dirty
              ? savedNote
              : dirty
                ? 'Unsaved changes'
                : isNew
                  ? 'Not saved yet'
                  : 'All changes saved'}
        </p>
        <Button type="button" onClick={() => void save()} disabled={disabled || (!dirty && !isNew)}>
          {saving ? 'Saving…' : 'Save collection'}
        </Button>
      </div>
      {canEdit ? null : <Alert>Only owners and admins can change collections. You can look, not save.</Alert>}
      <div ref={errorSummary} className="grid grid-cols-1 gap-3 empty:hidden">
        {showSummary ? (
          <Alert data-testid="builder-errors">
            <p className="font-medium">
              {refusal && !hasErrors(browserErrors)
                ? refusal.result.error
                : 'The collection cannot be saved yet.'}
            </p>
            {problemCards > 0 ? (
              <p className="mt-1">
                {problemCards === 1 ? '1 field needs' : `${problemCards} fields need`} attention: see the
                highlighted {problemCards === 1 ? 'card' : 'cards'}.
              </p>
            ) : null}
            {errors.other.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {errors.other.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        {typeConflict && refusal ? (
          <Alert variant="warning" data-testid="type-change">
            <p className="font-medium">{refusal.result.error}</p>
            <p className="mt-1">
              Items already stored keep their old values: the new type applies to items saved from now on, and
              an old item must be fixed the next time someone edits it.
            </p>
            <div className="mt-3 flex gap-2">
              <Button type="button" size="sm" disabled={disabled} onClick={() => void save(true)}>
                Change type anyway
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setRefusal(null)}>
                Keep editing
              </Button>
            </div>
          </Alert>
        ) : null}
      </div>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="grid grid-cols-1 gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Collection</CardTitle>
              <CardDescription>
                What the items are called, and the address the API uses for them.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              <div className="grid grid-cols-2 items-start gap-3">
                <TextField
                  id="collection-name"
                  name="name"
                  required
                  label="Collection name"
                  placeholder="e.g. Events"
                  value={draft.name}
                  disabled={disabled}
                  error={errors.collection.name}
                  onChange={(event) => update((current) => editName(current, event.target.value))}
                />
                <TextField
                  id="collection-slug"
                  name="slug"
                  label="Slug"
                  className="font-mono"
                  placeholder="events"
                  value={draft.slug}
                  readOnly={!isNew}
                  disabled={disabled}
                  error={errors.collection.slug}
                  hint={
                    isNew
                      ? 'In the API address: /cms/<slug>. Cannot change after saving.'
                      : 'The collection’s key in the API; it cannot change.'
                  }
                  onChange={(event) =>
                    change({ slug: event.target.value, slugEdited: event.target.value !== '' })
                  }
                />
              </div>
              <div className="grid grid-cols-1 gap-1.5">
                <Label htmlFor="collection-description">Description</Label>
                <Textarea
                  id="collection-description"
                  rows={2}
                  className="min-h-16"
                  placeholder="What goes in this collection, for your team"
                  value={draft.description}
                  disabled={disabled}
                  aria-invalid={!!errors.collection.description}
                  onChange={(event) => change({ description: event.target.value })}
                />
                {errors.collection.description ? (
                  <p className="text-xs text-destructive">{errors.collection.description}</p>
                ) : null}
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Fields</CardTitle>
              <CardDescription>
                Each item of the collection has these fields, in this order. Drag a card by its handle, or use
                the arrows, to reorder.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              {errors.collection.schema ? <Alert>{errors.collection.schema}</Alert> : null}
              {draft.fields.length > 0 ? (
                <ol className="grid grid-cols-1 gap-4" aria-label="Fields">
                  {draft.fields.map((field, index) => (
                    <FieldCard
                      key={field.key}
                      field={field}
                      index={index}
                      count={draft.fields.length}
                      errors={errors.fields[field.key] ?? {}}
                      disabled={disabled}
                      autoFocus={field.key === focusKey}
                      dropMarker={dropMarker(index)}
                      dragging={drag?.from === index}
                      drag={{
                        onDragStart: (from) => setDrag({ from, to: null }),
                        onDragOver,
                        onDrop,
                        onDragEnd: () => setDrag(null),
                      }}
                      targets={targets}
                      collectionName={draft.name.trim()}
                      onChange={(patch) => changeField(field.key, patch)}
                      onMove={(to) => move(index, to)}
                      onRemove={() => removeField(field.key)}
                    />
                  ))}
                </ol>
              ) : (
                <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
                  No fields yet. An event might have a title, a date and a number of seats: add them one by
                  one.
                </p>
              )}
              <AddFieldMenu
                full={!canAddField(draft)}
                disabled={disabled}
                startOpen={draft.fields.length === 0}
                onAdd={addField}
              />
            </CardContent>
          </Card>
        </div>
        <div className="grid grid-cols-1 gap-4">
          <RulesPanel draft={draft} errors={errors.collection} disabled={disabled} onChange={change} />
          <ItemPreview draft={draft} />
        </div>
      </div>
    </div>
  );
}
