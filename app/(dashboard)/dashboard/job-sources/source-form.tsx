'use client';

import { useActionState, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Select } from '@/components/ui/select';
import type { FormState } from '@/lib/forms';
import {
  type JobSourceKind,
  jobSourceKindLabels,
  jobSourceKinds,
  jobSourceUrlExamples,
  MAX_SYNC_INTERVAL_MINUTES,
  MIN_SYNC_INTERVAL_MINUTES,
} from '@/lib/job-sources/schemas';
import { createJobSourceAction, updateJobSourceAction } from './actions';
import { blankJobSource, type JobSourceFormValues } from './form';

/**
 * Adds a job source (no `sourceId`; a success empties the form) or edits one. A refusal keeps what
 * was typed, with each problem on its input; a save shows what was stored.
 */
export function JobSourceForm({
  sourceId,
  initial = blankJobSource,
}: {
  sourceId?: string;
  initial?: JobSourceFormValues;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    sourceId ? updateJobSourceAction : createJobSourceAction,
    {},
  );
  return (
    <SourceFields
      // A new answer remounts the fields with the values it carries (what was typed, or what was saved).
      key={state.submission ?? 0}
      sourceId={sourceId}
      values={{ ...initial, ...(state.values as Partial<JobSourceFormValues> | undefined) }}
      state={state}
      pending={pending}
      action={action}
    />
  );
}

function SourceFields({
  sourceId,
  values,
  state,
  pending,
  action,
}: {
  sourceId?: string;
  values: JobSourceFormValues;
  state: FormState;
  pending: boolean;
  action: (form: FormData) => void;
}) {
  // The URL's example follows the kind chosen.
  const [kind, setKind] = useState(values.kind);
  const example = jobSourceUrlExamples[kind as JobSourceKind] ?? jobSourceUrlExamples.xml;
  const errors = state.fieldErrors ?? {};
  const id = (name: string) => `source-${name}`;
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      {sourceId ? <input type="hidden" name="id" value={sourceId} /> : null}
      <div className="grid items-start gap-4 sm:grid-cols-[14rem_1fr]">
        <Field id={id('kind')} label="Kind" error={errors.kind} required>
          <Select
            id={id('kind')}
            name="kind"
            defaultValue={values.kind}
            onChange={(event) => setKind(event.target.value)}
          >
            {jobSourceKinds.map((value) => (
              <option key={value} value={value}>
                {jobSourceKindLabels[value]}
              </option>
            ))}
          </Select>
        </Field>
        <TextField
          name="url"
          id={id('url')}
          label="URL"
          type="url"
          required
          defaultValue={values.url}
          error={errors.url}
          hint={`The public endpoint, such as ${example}`}
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          name="company_name"
          id={id('company_name')}
          label="Company name (optional)"
          defaultValue={values.company_name}
          error={errors.company_name}
          hint="Every imported job names this company, over what the postings say."
        />
        <TextField
          name="category"
          id={id('category')}
          label="Category (optional)"
          defaultValue={values.category}
          error={errors.category}
          hint="Files every imported job under this category; a new name creates it."
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field
          id={id('status_for_new_jobs')}
          label="New jobs are"
          error={errors.status_for_new_jobs}
          hint="Jobs already imported keep their status."
        >
          <Select
            id={id('status_for_new_jobs')}
            name="status_for_new_jobs"
            defaultValue={values.status_for_new_jobs}
          >
            <option value="active">Live at once</option>
            <option value="pending">Pending, until approved</option>
          </Select>
        </Field>
        <TextField
          name="sync_interval_minutes"
          id={id('sync_interval_minutes')}
          label="Sync every (minutes)"
          inputMode="numeric"
          required
          defaultValue={values.sync_interval_minutes}
          error={errors.sync_interval_minutes}
          hint={`From ${MIN_SYNC_INTERVAL_MINUTES} minutes to a week (${MAX_SYNC_INTERVAL_MINUTES.toLocaleString('en-US')}).`}
        />
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          id={id('is_enabled')}
          name="is_enabled"
          defaultChecked={values.is_enabled !== ''}
          aria-describedby={`${id('is_enabled')}-hint`}
          className="mt-0.5 size-4 accent-primary"
        />
        <div className="grid gap-0.5">
          <label htmlFor={id('is_enabled')} className="font-medium">
            Sync on schedule
          </label>
          <p id={`${id('is_enabled')}-hint`} className="text-xs text-muted-foreground">
            Off: the source syncs only when you press Sync now.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {sourceId ? (pending ? 'Saving…' : 'Save changes') : pending ? 'Adding…' : 'Add source'}
        </Button>
        <FormSuccess message={state.success} attempt={state} />
      </div>
    </form>
  );
}
