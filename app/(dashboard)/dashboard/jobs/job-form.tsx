'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import type { FormState } from '@/lib/forms';
import type { JobStatus } from '@/lib/jobs/schemas';
import { createJobAction, updateJobAction } from './actions';
import {
  ApplySection,
  CategorySection,
  JobSection,
  PublishingSection,
  SalarySection,
} from './job-form-sections';

export function JobForm({
  jobId,
  initial,
  categoryNames,
  companyNames,
  statusOptions,
}: {
  /** Set when editing an existing job. */
  jobId?: string;
  initial: Record<string, string>;
  categoryNames: string[];
  /** The board's companies, suggested as the company name is typed. */
  companyNames: string[];
  statusOptions: JobStatus[];
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    jobId ? updateJobAction : createJobAction,
    {},
  );
  const values = state.values ?? initial;
  const errors = state.fieldErrors ?? {};
  const section = { values, errors };
  return (
    <form key={state.submission ?? 0} action={action} className="grid gap-6" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      {jobId ? <input type="hidden" name="id" value={jobId} /> : null}
      <input type="hidden" name="original_expires_at" value={values.original_expires_at ?? ''} />
      <input type="hidden" name="had_category" value={values.had_category ?? ''} />
      <JobSection {...section} companyNames={companyNames} />
      <SalarySection {...section} />
      <ApplySection {...section} />
      <CategorySection {...section} categoryNames={categoryNames} />
      <PublishingSection {...section} statusOptions={statusOptions} isNew={!jobId} />
      <div className="flex items-center gap-4">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : jobId ? 'Save changes' : 'Create job'}
        </Button>
        <FormSuccess message={state.success} attempt={state} className="flex-1" />
      </div>
    </form>
  );
}
