'use client';

import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { FormState } from '@/lib/forms';
import { signUpAction } from '../actions';

export function SignUpForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid gap-4" noValidate>
      {state.error ? <Alert>{state.error}</Alert> : null}
      <Field id="name" label="Your name" error={errors.name}>
        <Input
          id="name"
          name="name"
          autoComplete="name"
          required
          defaultValue={state.values?.name}
          aria-invalid={!!errors.name}
        />
      </Field>
      <Field id="email" label="Work email" error={errors.email}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email}
          aria-invalid={!!errors.email}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password} hint="At least 8 characters.">
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={!!errors.password}
        />
      </Field>
      <Field
        id="organizationName"
        label="Job board name"
        error={errors.organizationName}
        hint="You can rename it later."
      >
        <Input
          id="organizationName"
          name="organizationName"
          required
          placeholder="Acme Careers"
          defaultValue={state.values?.organizationName}
          aria-invalid={!!errors.organizationName}
        />
      </Field>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Creating your board…' : 'Create account'}
      </Button>
    </form>
  );
}
