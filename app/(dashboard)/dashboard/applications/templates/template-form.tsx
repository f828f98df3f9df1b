'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Textarea } from '@/components/ui/textarea';
import type { MailedStatus } from '@/lib/applications/review-schemas';
import type { FormState } from '@/lib/forms';
import { applicationStatusLabels } from '../../jobs/status-badges';
import { saveMailTemplateAction } from '../actions';

/** One status's mail: on or off, its subject and its plain-text body. */
export function TemplateForm({
  template,
}: {
  template: { status: MailedStatus; enabled: boolean; subject: string; body: string };
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(saveMailTemplateAction, {});
  const values = state.values ?? {
    status: template.status,
    enabled: template.enabled ? 'on' : '',
    subject: template.subject,
    body: template.body,
  };
  const errors = state.fieldErrors ?? {};
  const id = (field: string) => `${template.status}-${field}`;
  const label = applicationStatusLabels[template.status].toLowerCase();
  return (
    <form key={state.submission ?? 'form'} action={action} className="grid gap-4" noValidate>
      <FormSuccess message={state.success} attempt={state} />
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <input type="hidden" name="status" value={template.status} />
      <div className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          id={id('enabled')}
          name="enabled"
          defaultChecked={values.enabled === 'on'}
          aria-describedby={`${id('enabled')}-hint`}
          className="mt-0.5 size-4 accent-primary"
        />
        <div className="grid gap-0.5">
          <label htmlFor={id('enabled')} className="font-medium">
            Send when an applicant is moved to {label}
          </label>
          <p id={`${id('enabled')}-hint`} className="text-xs text-muted-foreground">
            From the dashboard and through the API alike.
          </p>
        </div>
      </div>
      <TextField
        id={id('subject')}
        name="subject"
        label="Subject"
        required
        defaultValue={values.subject}
        error={errors.subject}
      />
      <Field id={id('body')} label="Message" required error={errors.body}>
        <Textarea id={id('body')} name="body" rows={8} defaultValue={values.body} />
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={pending} aria-label={`Save the ${label} mail`}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
