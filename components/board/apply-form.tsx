'use client';

import { type FormEvent, type ReactNode, useActionState, useEffect, useRef, useState } from 'react';
import type { ApplyField, ApplyResult, ApplyValues } from '@/lib/applications/schemas';

type Errors = Partial<Record<ApplyField | 'form', string>>;

interface ApplyFormProps {
  action: (previous: ApplyResult | null, form: FormData) => Promise<ApplyResult>;
  /** The JSON endpoint the form posts to with JavaScript, for upload progress. */
  uploadUrl: string;
  honeypotField: string;
  maxBytes: number;
}

const emptyValues: ApplyValues = { name: '', email: '', phone: '', cover_letter: '' };

/**
 * Works without JavaScript (a server action re-renders it with errors and what was typed); with
 * JavaScript it posts itself and shows the upload's progress.
 */
export function ApplyForm({ action, uploadUrl, honeypotField, maxBytes }: ApplyFormProps) {
  const [serverState, formAction] = useActionState(action, null);
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errors: Errors = clientErrors ?? (serverState && !serverState.ok ? serverState.errors : {});
  const values = serverState && !serverState.ok ? serverState.values : emptyValues;

  // After errors come back, the first field to fix gets focus (the summary above is announced).
  useEffect(() => {
    if (clientErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [clientErrors]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('resume') as HTMLInputElement).files?.[0];
    if (file && file.size > maxBytes) {
      setClientErrors({
        resume: `The file is ${(file.size / 1048576).toFixed(1)} MB; the limit is ${maxBytes / 1048576} MB`,
      });
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', uploadUrl);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable)
        setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100));
    };
    request.onload = () => {
      let body: { ok?: boolean; redirect?: string; errors?: Errors } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {}
      if (body.ok && body.redirect) {
        window.location.assign(body.redirect);
        return;
      }
      setProgress(null);
      setClientErrors(body.errors ?? { form: 'Something went wrong; please try again.' });
    };
    request.onerror = () => {
      setProgress(null);
      setClientErrors({ form: 'The connection was lost; please check it and send again.' });
    };
    setClientErrors(null);
    setProgress(0);
    request.send(new FormData(form));
  }

  const field = (name: ApplyField) => ({
    id: `apply-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `apply-${name}-error` : undefined,
  });

  return (
    <form ref={formRef} action={formAction} onSubmit={submit} noValidate className="space-y-4">
      {errors.form && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </div>
      )}
      {Object.keys(errors).some((key) => key !== 'form') && (
        <p role="alert" className="text-sm font-medium text-red-700">
          Please correct the fields marked below.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Labelled name="name" label="Full name" error={errors.name}>
          <input
            {...field('name')}
            type="text"
            required
            autoComplete="name"
            maxLength={200}
            defaultValue={values.name}
            className="board-input"
          />{' '}
        </Labelled>
        <Labelled name="email" label="Email" error={errors.email}>
          <input
            {...field('email')}
            type="email"
            required
            autoComplete="email"
            maxLength={320}
            defaultValue={values.email}
            className="board-input"
          />{' '}
        </Labelled>
      </div>
      <Labelled name="phone" label="Phone" optional error={errors.phone}>
        <input
          {...field('phone')}
          type="tel"
          autoComplete="tel"
          maxLength={50}
          defaultValue={values.phone}
          className="board-input sm:max-w-xs"
        />{' '}
      </Labelled>
      <Labelled name="cover_letter" label="Cover letter" error={errors.cover_letter}>
        <textarea
          {...field('cover_letter')}
          required
          rows={7}
          maxLength={20_000}
          defaultValue={values.cover_letter}
          className="board-input h-auto py-2"
        />{' '}
      </Labelled>
      <Labelled name="resume" label="Resume" error={errors.resume}>
        <input
          {...field('resume')}
          type="file"
          required
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          aria-describedby={errors.resume ? 'apply-resume-error apply-resume-hint' : 'apply-resume-hint'}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-zinc-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        />
        <p id="apply-resume-hint" className="mt-1 text-sm text-zinc-600">
          PDF, DOC or DOCX, up to {maxBytes / 1048576} MB.
          {serverState &&
            !serverState.ok &&
            ' Files are not kept when a form comes back: please attach it again.'}
        </p>{' '}
      </Labelled>
      <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`apply-${honeypotField}`}>Leave this field empty</label>
        <input
          id={`apply-${honeypotField}`}
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      {progress !== null && (
        <div className="space-y-1">
          <progress
            value={progress}
            max={100}
            className="h-2 w-full accent-primary"
            aria-label="Upload progress"
          />
          <p className="text-sm text-zinc-700" aria-live="polite">
            {progress < 100 ? `Uploading… ${progress}%` : 'Sending your application…'}
          </p>
        </div>
      )}
      <button type="submit" className="board-button" disabled={progress !== null}>
        Send application
      </button>
    </form>
  );
}

/** A label (required unless `optional`), the control, and its error under it. */
function Labelled({
  name,
  label,
  optional,
  error,
  children,
}: {
  name: ApplyField;
  label: string;
  optional?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`apply-${name}`} className="mb-1 block text-sm font-medium">
        {label}{' '}
        {optional ? (
          <span className="font-normal text-zinc-600">(optional)</span>
        ) : (
          <span aria-hidden>*</span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`apply-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
