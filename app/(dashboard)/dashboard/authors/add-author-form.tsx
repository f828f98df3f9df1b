'use client';

import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { type AuthorFormState, createAuthorAction } from './actions';

export function AddAuthorForm() {
  const [state, action, pending] = useActionState<AuthorFormState, FormData>(createAuthorAction, {});
  const values = state.values ?? {};
  const errors = state.fieldErrors ?? {};
  return (
    <form key={state.submission ?? 0} action={action} className="grid gap-3" noValidate>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <TextField
          name="name"
          id="author-name"
          label="Name"
          placeholder="Ada Lovelace"
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          name="avatar_url"
          id="author-avatar"
          label="Avatar URL (optional)"
          type="url"
          placeholder="https://…/ada.jpg"
          defaultValue={values.avatar_url}
          error={errors.avatar_url}
        />
        <Button type="submit" disabled={pending} className="sm:mt-5">
          {pending ? 'Adding…' : 'Add author'}
        </Button>
      </div>
      {state.error ? <Alert>{state.error}</Alert> : null}
      {state.success ? <Alert variant="success">{state.success}</Alert> : null}
    </form>
  );
}
