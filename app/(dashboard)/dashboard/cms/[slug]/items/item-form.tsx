'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import type { AssetSummary } from '@/components/cms/asset-field';
import { describeTimeZone } from '@/components/cms/date-time';
import { DateTimeInput, useTimeZone } from '@/components/cms/fields/date';
import { ItemFields, type ReferenceOption } from '@/components/cms/item-fields';
import { ItemStatusBadge, itemSourceLabels, itemStatusLabels } from '@/components/cms/item-status';
import { dataFromValues, type ItemValues, initialValues, itemLabel } from '@/components/cms/item-values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { SavedWarnings } from '@/components/ui/saved-warnings';
import { Select } from '@/components/ui/select';
import type { CollectionOut, ItemOut, ItemStatus } from '@/lib/cms/schemas';
import { itemStatuses } from '@/lib/cms/schemas';
import { deleteItemAction, type SaveItemResult, saveItemAction } from '../../item-actions';

/** The item's own properties beside `data`, as the form holds them. */
interface Settings {
  status: ItemStatus;
  starts_at: string;
  expires_at: string;
  position: string;
}

const settingsOf = (item?: ItemOut): Settings => ({
  status: item?.status ?? 'draft',
  starts_at: item?.starts_at ?? '',
  expires_at: item?.expires_at ?? '',
  position: item ? String(item.position) : '',
});

const flashKey = (id: string) => `boardkit:cms-item-created:${id}`;

/** Properties of the item (not of `data`) the service may name in its errors. */
const settingNames = new Set(['_status', '_starts_at', '_expires_at', '_position']);

export function ItemForm({
  collection,
  item: loaded,
  references,
  assets,
}: {
  collection: CollectionOut;
  /** Absent for a new item. */
  item?: ItemOut;
  references: Record<string, ReferenceOption[]>;
  assets: Record<string, AssetSummary>;
}) {
  const router = useRouter();
  const timeZone = useTimeZone();
  const [item, setItem] = useState(loaded);
  const [values, setValues] = useState<ItemValues>(() =>
    loaded ? loaded.data : initialValues(collection.schema),
  );
  const [settings, setSettings] = useState<Settings>(() => settingsOf(loaded));
  const [result, setResult] = useState<SaveItemResult>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const base = `/dashboard/cms/${collection.slug}`;

  // A new item's first save moves to the item's own address, which mounts a fresh form: the outcome
  // (and the service's warnings) travels in session storage to be shown there.
  useEffect(() => {
    if (!loaded) return;
    const key = flashKey(loaded.id);
    const flash = sessionStorage.getItem(key);
    if (!flash) return;
    sessionStorage.removeItem(key);
    const { warnings } = JSON.parse(flash) as { warnings: string[] };
    setSaved('Item created.');
    setResult({ warnings });
  }, [loaded]);
  const errors = result.fieldErrors ?? {};
  const known = new Set(collection.schema.map((field) => field.name));
  // Messages the form has no control for (e.g. `data` itself): shown with the summary.
  const unplaced = Object.entries(errors).filter(([key]) => !known.has(key) && !settingNames.has(key));

  const setSetting = (name: keyof Settings) => (value: string) =>
    setSettings((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The editor toolbar's link and video prompts are small forms of their own: their submit bubbles here.
    if (event.target !== event.currentTarget || saving) return;
    if (
      settings.starts_at &&
      settings.expires_at &&
      Date.parse(settings.expires_at) <= Date.parse(settings.starts_at)
    ) {
      setSaved(null);
      setResult({
        error: 'Some fields need attention.',
        fieldErrors: { _expires_at: 'Must be after “Starts at”' },
      });
      return;
    }
    const position = settings.position.trim();
    const body = {
      data: dataFromValues(collection.schema, values),
      status: settings.status,
      // A new item leaves blank settings to the service's defaults; an edit clears them.
      starts_at: settings.starts_at || (item ? null : undefined),
      expires_at: settings.expires_at || (item ? null : undefined),
      position: position === '' ? undefined : /^[+-]?\d+$/.test(position) ? Number(position) : position,
    };
    setSaving(true);
    setSaved(null);
    try {
      const answer = await saveItemAction(collection.slug, item?.id ?? null, body);
      setResult(answer);
      if (!answer.item) return;
      const fresh = answer.item;
      if (!item) {
        sessionStorage.setItem(flashKey(fresh.id), JSON.stringify({ warnings: answer.warnings ?? [] }));
        router.replace(`${base}/items/${fresh.id}`);
        return;
      }
      setItem(fresh);
      setValues(fresh.data);
      setSettings(settingsOf(fresh));
      setSaved('Item saved.');
    } catch {
      setResult({ error: 'The item could not be saved. Check your connection and try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <h1 className="truncate text-2xl font-semibold tracking-tight">
        {item ? itemLabel(collection.schema, item) : 'New item'}
      </h1>
      <FormError message={result.error} fieldErrors={result.fieldErrors} attempt={result} testId="form-error">
        {unplaced.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {unplaced.map(([key, message]) => (
              <li key={key}>
                {key.replace(/^_/, '')}: {message}
              </li>
            ))}
          </ul>
        ) : null}
      </FormError>
      {saved ? (
        <Alert variant="success" data-testid="saved">
          {saved}
        </Alert>
      ) : null}
      <SavedWarnings warnings={result.warnings} testId="item-warnings" />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <Card className="self-start p-6">
          {collection.schema.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              This collection has no fields yet.{' '}
              <a href={`${base}/schema`} className="text-link">
                Edit the schema
              </a>{' '}
              to add some.
            </p>
          ) : (
            <ItemFields
              schema={collection.schema}
              values={values}
              onChange={setValues}
              errors={errors}
              disabled={saving}
              references={references}
              assets={assets}
            />
          )}
        </Card>

        <aside className="grid content-start gap-4">
          <Card className="grid gap-4 p-4">
            <Field id="item-status" label="Status" error={errors._status}>
              <Select
                id="item-status"
                value={settings.status}
                onChange={(event) => setSetting('status')(event.target.value)}
                aria-invalid={!!errors._status}
              >
                {itemStatuses.map((status) => (
                  <option key={status} value={status}>
                    {itemStatusLabels[status]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id="item-starts-at"
              label="Starts at"
              error={errors._starts_at}
              hint="Hidden from public lists before."
            >
              <DateTimeInput
                id="item-starts-at"
                value={settings.starts_at}
                onChange={setSetting('starts_at')}
                timeZone={timeZone}
                aria-invalid={!!errors._starts_at}
                className="max-w-none"
              />
            </Field>
            <Field
              id="item-expires-at"
              label="Expires at"
              error={errors._expires_at}
              hint="Hidden from public lists from then on."
            >
              <DateTimeInput
                id="item-expires-at"
                value={settings.expires_at}
                onChange={setSetting('expires_at')}
                timeZone={timeZone}
                aria-invalid={!!errors._expires_at}
                aria-describedby={errors._expires_at ? 'item-expires-at-error' : undefined}
                className="max-w-none"
              />
            </Field>
            <p className="-mt-2 text-xs text-muted-foreground">Times in {describeTimeZone(timeZone)}.</p>
            <Field
              id="item-position"
              label="Position"
              error={errors._position}
              hint={
                item ? 'Lists sorted by position show lower numbers first.' : 'Blank: after the last item.'
              }
            >
              <Input
                id="item-position"
                type="number"
                step={1}
                value={settings.position}
                onChange={(event) => setSetting('position')(event.target.value)}
                aria-invalid={!!errors._position}
              />
            </Field>
            <Button type="submit" disabled={saving || collection.schema.length === 0}>
              {saving ? 'Saving…' : item ? 'Save item' : 'Create item'}
            </Button>
          </Card>
          {item ? (
            <Card className="grid gap-1.5 p-4 text-xs text-muted-foreground">
              <p className="flex items-center gap-2">
                Saved as <ItemStatusBadge status={item.status} />
              </p>
              <p>Source: {itemSourceLabels[item.source]}</p>
              <p>
                Created <DateText value={item.created_at} style="dateTime" utc />
              </p>
              <p>
                Updated <DateText value={item.updated_at} style="dateTime" utc />
              </p>
              <p className="break-all font-mono">{item.id}</p>
              <div className="mt-2 flex justify-end">
                <ConfirmDialog
                  trigger="Delete item"
                  title="Delete this item?"
                  description="It disappears from the dashboard, the API and the board. This cannot be undone."
                  confirmLabel="Delete item"
                  pendingLabel="Deleting…"
                  onConfirm={async () => {
                    const answer = await deleteItemAction(collection.slug, item.id);
                    if (answer.error) setResult({ error: answer.error });
                    else router.push(base);
                  }}
                />
              </div>
            </Card>
          ) : null}
        </aside>
      </div>
    </form>
  );
}
