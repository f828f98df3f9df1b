'use client';

import { Plus } from 'lucide-react';
import { useActionState, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RequiredMark, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FreshFormDialog } from '@/components/ui/fresh-form-dialog';
import { type CreateWebhookState, createWebhookAction } from './actions';
import { OneTimeSecret, VerifyNote } from './one-time-secret';

export interface EventOption {
  type: string;
  description: string;
}

export function CreateWebhookDialog({ events }: { events: EventOption[] }) {
  return (
    <FreshFormDialog
      trigger={
        <Button>
          <Plus /> Add webhook
        </Button>
      }
      contentClassName="max-h-[calc(100vh-2rem)] overflow-y-auto"
    >
      {(close) => <CreateWebhookForm events={events} onDone={close} />}
    </FreshFormDialog>
  );
}

function CreateWebhookForm({ events, onDone }: { events: EventOption[]; onDone: () => void }) {
  const [state, action, pending] = useActionState<CreateWebhookState, FormData>(createWebhookAction, {});
  if (state.created) return <Created created={state.created} onDone={onDone} />;
  return (
    <form key={state.submission ?? 0} action={action} className="grid gap-4" noValidate autoComplete="off">
      <DialogHeader>
        <DialogTitle>Add a webhook</DialogTitle>
        <DialogDescription>
          Boardkit POSTs a signed JSON message to your URL whenever one of the chosen events happens.
        </DialogDescription>
      </DialogHeader>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <TextField
        id="webhook-url"
        name="target_url"
        label="Endpoint URL"
        required
        type="url"
        placeholder="https://example.com/webhooks/boardkit"
        defaultValue={state.values?.target_url}
        error={state.fieldErrors?.target_url}
        hint="A public https address."
        spellCheck={false}
        autoFocus
      />
      <EventChoices
        events={events}
        checked={state.values?.events ? state.values.events.split(',') : []}
        error={state.fieldErrors?.events}
      />
      <TextField
        id="webhook-secret-input"
        name="secret"
        type="password"
        label="Signing secret (optional)"
        autoComplete="new-password"
        error={state.fieldErrors?.secret}
        hint={
          <>
            Leave empty to have one generated and shown once. Or enter your own, or{' '}
            <code className="font-mono">vault:&lt;name&gt;</code> to sign with a secret from Secrets.
          </>
        }
      />
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? 'Adding…' : 'Add webhook'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "All events" covers every other box (and events added later), so it greys them out. */
function EventChoices({
  events,
  checked,
  error,
}: {
  events: EventOption[];
  checked: string[];
  error?: string;
}) {
  const [all, setAll] = useState(checked.includes('*'));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'webhook-events-error' : undefined}>
      <legend className="mb-1 text-sm font-medium">
        Events
        <RequiredMark />
      </legend>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="events"
          value="*"
          defaultChecked={all}
          onChange={(event) => setAll(event.target.checked)}
          className="mt-0.5"
        />
        <span>
          All events (<code className="font-mono">*</code>)
          <span className="block text-xs text-muted-foreground">Including event types added later.</span>
        </span>
      </label>
      <div className="grid gap-2 border-l-2 border-border pl-3">
        {events.map((event) => (
          <label
            key={event.type}
            className={`flex items-start gap-2 text-sm ${all ? 'text-muted-foreground opacity-60' : ''}`}
          >
            <input
              type="checkbox"
              name="events"
              value={event.type}
              defaultChecked={checked.includes(event.type)}
              disabled={all}
              className="mt-0.5"
            />
            <span>
              <code className="font-mono text-xs">{event.type}</code>
              <span className="block text-xs text-muted-foreground">
                <WithCode text={event.description} />
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="webhook-events-error" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The catalog marks field names with backticks, as Markdown does. */
function WithCode({ text }: { text: string }) {
  let offset = 0;
  return text.split('`').map((part, index) => {
    // Where the part starts in the text: a key that stays put.
    const at = offset;
    offset += part.length + 1;
    return index % 2 === 1 ? (
      <code key={at} className="font-mono">
        {part}
      </code>
    ) : (
      part
    );
  });
}

function Created({
  created,
  onDone,
}: {
  created: NonNullable<CreateWebhookState['created']>;
  onDone: () => void;
}) {
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{created.isNew ? 'Webhook added' : 'This webhook already exists'}</DialogTitle>
        <DialogDescription>
          {created.isNew ? 'Events now go to ' : 'These events already go to '}
          <span className="break-all">{created.targetUrl}</span>
          {created.isNew ? '.' : ', so nothing changed.'}
        </DialogDescription>
      </DialogHeader>
      {created.secret ? (
        <div className="grid gap-2">
          <p className="text-sm">
            Copy the signing secret now: this is the only time it is shown. If you lose it, rotate it.
          </p>
          <OneTimeSecret secret={created.secret} />
        </div>
      ) : (
        <p className="text-sm">
          {created.secretRef ? (
            <>
              Deliveries are signed with the vault secret{' '}
              <code className="font-mono">{created.secretRef}</code>.
            </>
          ) : created.isNew ? (
            'Deliveries are signed with the secret you entered.'
          ) : (
            'It keeps the signing secret it was created with, which is not shown again: rotate it if it is lost.'
          )}
        </p>
      )}
      {created.vaultSecretMissing ? (
        <Alert>
          Secrets has no <code className="font-mono">{created.secretRef}</code> yet. Add it there: until then
          deliveries cannot be signed, and fail.
        </Alert>
      ) : null}
      {created.isNew ? <VerifyNote /> : null}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
