'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Textarea } from '@/components/ui/textarea';
import type { FormState } from '@/lib/forms';
import { updateBoardLookAction } from './actions';

export interface BoardLookValues {
  logo_url: string;
  accent_color: string;
  tagline: string;
  footer_text: string;
  nav_links: string;
}

export function BoardLookForm({ initial, disabled }: { initial: BoardLookValues; disabled: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateBoardLookAction, {});
  const values = (state.values as unknown as BoardLookValues | undefined) ?? initial;
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid max-w-xl gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      <TextField
        name="logo_url"
        label="Logo URL"
        type="url"
        hint="An image URL (upload it under Media first). Shown in the header instead of the name."
        defaultValue={values.logo_url}
        disabled={disabled}
        error={errors.logo_url}
      />
      <TextField
        name="accent_color"
        label="Accent colour"
        hint="As #RRGGBB, for buttons and links. A light colour is darkened until white text on it is readable (WCAG AA)."
        placeholder="#3346c4"
        defaultValue={values.accent_color}
        disabled={disabled}
        error={errors.accent_color}
      />
      <TextField
        name="tagline"
        label="Tagline"
        hint="One line under the board's name on the home page."
        defaultValue={values.tagline}
        disabled={disabled}
        error={errors.tagline}
      />
      <Field
        id="nav_links"
        label="Navigation links"
        error={errors.nav_links}
        hint="One a line: Label | https://example.com or Label | /about. Up to 8, after Jobs and Blog."
      >
        <Textarea
          id="nav_links"
          name="nav_links"
          rows={3}
          defaultValue={values.nav_links}
          disabled={disabled}
          aria-invalid={!!errors.nav_links}
        />
      </Field>
      <Field id="footer_text" label="Footer text" error={errors.footer_text}>
        <Textarea
          id="footer_text"
          name="footer_text"
          rows={2}
          defaultValue={values.footer_text}
          disabled={disabled}
          aria-invalid={!!errors.footer_text}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save board look'}
        </Button>
      </div>
    </form>
  );
}
