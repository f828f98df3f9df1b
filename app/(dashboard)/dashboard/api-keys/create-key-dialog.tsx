'use client';

import { Plus } from 'lucide-react';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyableValue } from '@/components/ui/copyable-value';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FreshFormDialog } from '@/components/ui/fresh-form-dialog';
import { type CreateKeyState, createApiKeyAction } from './actions';

export function CreateKeyDialog() {
  return (
    <FreshFormDialog
      trigger={
        <Button>
          <Plus /> Create API key
        </Button>
      }
    >
      {(close) => <CreateKeyForm onDone={close} />}
    </FreshFormDialog>
  );
}

function CreateKeyForm({ onDone }: { onDone: () => void }) {
  const [state, action, pending] = useActionState<CreateKeyState, FormData>(createApiKeyAction, {});
  if (state.created) return <CreatedKey created={state.created} onDone={onDone} />;
  return (
    <form action={action} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Create an API key</DialogTitle>
        <DialogDescription>
          Keys act on this organization only. Name it after the integration that uses it.
        </DialogDescription>
      </DialogHeader>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <TextField
        id="key-name"
        name="name"
        required
        label="Name"
        placeholder="Zapier import"
        defaultValue={state.values?.name}
        autoFocus
        error={state.fieldErrors?.name}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Access</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="scope"
            value="full"
            defaultChecked={state.values?.scope !== 'read_only'}
            className="mt-0.5"
          />
          <span>
            Full access{' '}
            <span className="block text-xs text-muted-foreground">
              Read and change everything the API offers.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="scope"
            value="read_only"
            defaultChecked={state.values?.scope === 'read_only'}
            className="mt-0.5"
          />
          <span>
            Read-only{' '}
            <span className="block text-xs text-muted-foreground">GET requests only; writes answer 403.</span>
          </span>
        </label>
      </fieldset>
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create key'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CreatedKey({
  created,
  onDone,
}: {
  created: NonNullable<CreateKeyState['created']>;
  onDone: () => void;
}) {
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Copy your new key</DialogTitle>
        <DialogDescription>
          This is the only time “{created.name}” is shown. Store it in a secret manager; if you lose it,
          revoke it and create another.
        </DialogDescription>
      </DialogHeader>
      <CopyableValue value={created.key} testId="new-api-key" copyLabel="Copy key" className="gap-4" />
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
