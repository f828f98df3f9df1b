'use client';

import { useActionState, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Textarea } from '@/components/ui/textarea';
import type { FormState } from '@/lib/forms';
import { ImageUrlField } from '../media/image-url-field';
import { createCompanyAction, updateCompanyAction } from './actions';
import type { CompanyFormValues } from './form';

const blank: CompanyFormValues = { name: '', slug: '', website: '', logo_url: '', description: '' };

/**
 * Adds a company (no `companyId`: the slug comes from the name, and a success empties the form) or
 * edits one. A refusal keeps what was typed; a save shows what was stored.
 */
export function CompanyForm({
  companyId,
  initial = blank,
  pagesAt,
}: {
  companyId?: string;
  initial?: CompanyFormValues;
  /** The board address company pages live under (`…/companies/`), shown before the slug. */
  pagesAt?: string;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    companyId ? updateCompanyAction : createCompanyAction,
    {},
  );
  return (
    <CompanyFields
      // A new answer remounts the fields with the values it carries (what was typed, or what was saved).
      key={state.submission ?? 0}
      companyId={companyId}
      values={{ ...initial, ...state.values }}
      pagesAt={pagesAt}
      state={state}
      pending={pending}
      action={action}
    />
  );
}

function CompanyFields({
  companyId,
  values,
  pagesAt,
  state,
  pending,
  action,
}: {
  companyId?: string;
  values: CompanyFormValues;
  pagesAt?: string;
  state: FormState;
  pending: boolean;
  action: (form: FormData) => void;
}) {
  // The logo's preview and the media picker need it as state; the other inputs keep their own.
  const [logo, setLogo] = useState(values.logo_url);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      {companyId ? <input type="hidden" name="id" value={companyId} /> : null}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          name="name"
          id="company-name"
          required
          label="Name"
          placeholder="Acme Inc."
          defaultValue={values.name}
          error={errors.name}
          hint={companyId ? 'Its jobs take the new name too.' : undefined}
        />
        <TextField
          name="website"
          id="company-website"
          label="Website (optional)"
          type="url"
          placeholder="https://acme.example"
          defaultValue={values.website}
          error={errors.website}
        />
      </div>
      {companyId ? (
        <TextField
          name="slug"
          id="company-slug"
          required
          label="Page address"
          defaultValue={values.slug}
          error={errors.slug}
          hint={pagesAt ? `Its page on the board: ${pagesAt}${values.slug}` : undefined}
        />
      ) : null}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ImageUrlField
          name="logo_url"
          label="Logo (optional)"
          value={logo}
          onChange={setLogo}
          error={errors.logo_url}
          preview="logo"
          hint="Square works best. It shows on job cards, job pages and in Google for Jobs."
        />
        <Field
          id="company-description"
          label="Introduction (optional)"
          error={errors.description}
          hint="Plain text on the company page, up to 2,000 characters."
        >
          <Textarea id="company-description" name="description" rows={5} defaultValue={values.description} />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {companyId ? (pending ? 'Saving…' : 'Save changes') : pending ? 'Adding…' : 'Add company'}
        </Button>
        <FormSuccess message={state.success} attempt={state} />
      </div>
    </form>
  );
}
