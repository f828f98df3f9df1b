'use client';

import { useActionState, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Textarea } from '@/components/ui/textarea';
import type { FormState } from '@/lib/forms';
import { updateBoardLookAction } from './actions';
import { AccentField } from './look/accent-field';
import { BoardPreview } from './look/board-preview';
import { LogoField } from './look/logo-field';

export interface BoardLookValues {
  logo_url: string;
  accent_color: string;
  tagline: string;
  footer_text: string;
  nav_links: string;
}

/** The labels of `Label | URL` lines, as the board's header lists them. */
const navLabels = (text: string) =>
  text
    .split('\n')
    .map((line) => line.split('|')[0]!.trim())
    .filter(Boolean);

export function BoardLookForm({
  name,
  initial,
  disabled,
}: {
  /** The board's name, which the header shows when there is no logo. */
  name: string;
  initial: BoardLookValues;
  disabled: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateBoardLookAction, {});
  const values = (state.values as unknown as BoardLookValues | undefined) ?? initial;
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
      <FormSuccess message={state.success} attempt={state} />
      {/* Remounted with what the server answered, so the fields and the preview start from it. */}
      <LookFields
        key={state.submission ?? 0}
        name={name}
        initial={values}
        errors={state.fieldErrors ?? {}}
        disabled={disabled}
      />
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save board look'}
        </Button>
      </div>
    </form>
  );
}

function LookFields({
  name,
  initial,
  errors,
  disabled,
}: {
  name: string;
  initial: BoardLookValues;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const [look, setLook] = useState(initial);
  const set = (field: keyof BoardLookValues) => (value: string) =>
    setLook((now) => ({ ...now, [field]: value }));
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="grid min-w-0 gap-5">
        <LogoField
          value={look.logo_url}
          onChange={set('logo_url')}
          error={errors.logo_url}
          disabled={disabled}
        />
        <AccentField
          value={look.accent_color}
          onChange={set('accent_color')}
          error={errors.accent_color}
          disabled={disabled}
        />
        <TextField
          name="tagline"
          label="Tagline"
          hint="One line under the board's name on the home page."
          value={look.tagline}
          onChange={(event) => set('tagline')(event.target.value)}
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
            value={look.nav_links}
            onChange={(event) => set('nav_links')(event.target.value)}
            disabled={disabled}
            aria-invalid={!!errors.nav_links}
          />
        </Field>
        <Field id="footer_text" label="Footer text" error={errors.footer_text}>
          <Textarea
            id="footer_text"
            name="footer_text"
            rows={2}
            value={look.footer_text}
            onChange={(event) => set('footer_text')(event.target.value)}
            disabled={disabled}
            aria-invalid={!!errors.footer_text}
          />
        </Field>
      </div>
      <div className="lg:sticky lg:top-6">
        <BoardPreview
          look={{
            name,
            logoUrl: look.logo_url.trim(),
            accentColor: look.accent_color.trim(),
            tagline: look.tagline.trim(),
            navLinks: navLabels(look.nav_links),
          }}
        />
      </div>
    </div>
  );
}
