'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Select } from '@/components/ui/select';
import type { FormState } from '@/lib/forms';
import { updateOrganizationAction } from './actions';

export function OrganizationForm({
  name,
  slug,
  locale,
  localeOptions,
  disabled,
}: {
  name: string;
  slug: string;
  locale: string;
  localeOptions: { value: string; label: string }[];
  disabled: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateOrganizationAction, {});
  const values = state.values ?? { name, slug, locale };
  return (
    <form action={action} className="grid max-w-md gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <TextField
        id="org-name"
        name="name"
        required
        label="Board name"
        defaultValue={values.name}
        disabled={disabled}
        error={state.fieldErrors?.name}
      />
      <TextField
        id="org-slug"
        name="slug"
        required
        label="Slug"
        hint="Lowercase letters, digits and hyphens. Used in your board's address."
        defaultValue={values.slug}
        disabled={disabled}
        error={state.fieldErrors?.slug}
      />
      <Field
        id="org-locale"
        label="Date format"
        error={state.fieldErrors?.locale}
        hint="How dates read in this dashboard, on your board and in its emails."
      >
        <Select
          id="org-locale"
          name="locale"
          defaultValue={values.locale}
          disabled={disabled}
          aria-invalid={!!state.fieldErrors?.locale}
          aria-describedby={state.fieldErrors?.locale ? 'org-locale-error' : 'org-locale-hint'}
        >
          {localeOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
