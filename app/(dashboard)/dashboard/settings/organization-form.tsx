'use client';

import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
      <Field id="org-name" label="Board name" error={state.fieldErrors?.name}>
        <Input
          id="org-name"
          name="name"
          defaultValue={values.name}
          disabled={disabled}
          aria-invalid={!!state.fieldErrors?.name}
        />
      </Field>
      <Field
        id="org-slug"
        label="Slug"
        error={state.fieldErrors?.slug}
        hint="Lowercase letters, digits and hyphens. Used in your board's address."
      >
        <Input
          id="org-slug"
          name="slug"
          defaultValue={values.slug}
          disabled={disabled}
          aria-invalid={!!state.fieldErrors?.slug}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
