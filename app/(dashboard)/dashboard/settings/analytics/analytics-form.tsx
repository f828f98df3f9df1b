'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Select } from '@/components/ui/select';
import type { FormState } from '@/lib/forms';
import { updateAnalyticsSettingsAction } from '../actions';

export function AnalyticsForm({
  timezone,
  retentionDays,
  zones,
  disabled,
}: {
  timezone: string;
  retentionDays: number;
  zones: { value: string; label: string }[];
  disabled: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateAnalyticsSettingsAction, {});
  const values = state.values ?? { timezone, retention_days: String(retentionDays) };
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid max-w-md gap-4" noValidate key={state.submission ?? 0}>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <Field
        id="timezone"
        label="Time zone"
        error={errors.timezone}
        hint="Where the days and hours of your charts begin and end."
      >
        <Select
          id="timezone"
          name="timezone"
          defaultValue={values.timezone}
          disabled={disabled}
          className="h-10"
        >
          {zones.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </Select>
      </Field>
      <TextField
        name="retention_days"
        label="Keep raw visits for (days)"
        inputMode="numeric"
        hint="From 1 to 3,650. Raw visits older than this are deleted."
        defaultValue={values.retention_days}
        disabled={disabled}
        error={errors.retention_days}
        className="w-32"
      />
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save analytics settings'}
        </Button>
      </div>
    </form>
  );
}
