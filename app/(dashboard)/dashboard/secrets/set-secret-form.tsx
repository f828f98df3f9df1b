'use client';

import { useActionState, useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormState } from '@/lib/forms';
import { setSecretAction } from './actions';

/**
 * Sets a secret's value: a new name creates it, an existing one replaces its value. With `name`
 * the form only takes a new value for that secret (rotation). The value input is never refilled.
 */
export function SetSecretForm({ name, onSaved }: { name?: string; onSaved?: () => void }) {
  const [state, action, pending] = useActionState<FormState, FormData>(setSecretAction, {});
  const errors = state.fieldErrors ?? {};
  useEffect(() => {
    if (state.success) onSaved?.();
  }, [state, onSaved]);
  const idPrefix = name ? `rotate-${name}` : 'secret';
  return (
    <form key={state.submission ?? 0} action={action} className="grid gap-3" noValidate autoComplete="off">
      <div className={name ? 'grid gap-3' : 'grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]'}>
        {name ? (
          <input type="hidden" name="name" value={name} />
        ) : (
          <TextField
            name="name"
            id={`${idPrefix}-name`}
            required
            label="Name"
            placeholder="e.g. smtp_password"
            defaultValue={state.values?.name}
            error={errors.name}
            hint="Lowercase letters, digits, _ and -."
            spellCheck={false}
          />
        )}
        <TextField
          name="value"
          id={`${idPrefix}-value`}
          type="password"
          required
          label={name ? 'New value' : 'Value'}
          autoComplete="new-password"
          error={errors.value}
          hint="Encrypted when saved; it is never shown again."
          autoFocus={Boolean(name)}
        />
        <Button type="submit" disabled={pending} className={name ? 'justify-self-end' : 'sm:mt-5'}>
          {pending ? 'Saving…' : name ? 'Replace value' : 'Save secret'}
        </Button>
      </div>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      {state.success && !name ? <Alert variant="success">{state.success}</Alert> : null}
    </form>
  );
}
