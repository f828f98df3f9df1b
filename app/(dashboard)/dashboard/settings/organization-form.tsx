'use client';

import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import type { FormState } from '@/lib/forms';
import { updateOrganizationAction } from './actions';

export function OrganizationForm({
  name,
  slug,
  disabled,
}: {
  name: string;
  slug: string;
  disabled: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateOrganizationAction, {});
  const values = state.values ?? { name, slug };
  return (
    <form action={action} className="grid max-w-md gap-4" noValidate>
      {state.error ? <Alert>{state.error}</Alert> : null}
      {state.success ? <Alert variant="success">{state.success}</Alert> : null}
      <TextField
        id="org-name"
        name="name"
        label="Board name"
        defaultValue={values.name}
        disabled={disabled}
        error={state.fieldErrors?.name}
      />
      <TextField
        id="org-slug"
        name="slug"
        label="Slug"
        hint="Lowercase letters, digits and hyphens. Used in your board's address."
        defaultValue={values.slug}
        disabled={disabled}
        error={state.fieldErrors?.slug}
      />
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
