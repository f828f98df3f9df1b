'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from './alert';

interface InvalidField {
  id: string;
  label: string;
}

/** What a control is called: its label without the required mark, else its accessible name. */
function labelOf(control: HTMLElement): string {
  const labelledBy = control.getAttribute('aria-labelledby');
  const text =
    (control as HTMLInputElement).labels?.[0]?.textContent ??
    (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
    control.getAttribute('aria-label') ??
    control.id;
  return text.replace(/\s*\*\s*$/, '').trim();
}

/**
 * A failed submit's message at the top of its form. It takes focus when it appears (each `attempt`,
 * usually the action's state, counts), so keyboard and screen reader users land on it, and links to
 * every field marked invalid, as GOV.UK's error summary does.
 */
export function FormError({
  message: given,
  fieldErrors,
  attempt,
  className,
  testId,
  children,
}: {
  message?: string | null;
  /** A refusal that names fields only still gets a summary to land on. */
  fieldErrors?: Record<string, string | undefined>;
  attempt?: unknown;
  className?: string;
  testId?: string;
  /** More about the failure, under the message. */
  children?: ReactNode;
}) {
  const message =
    given || (fieldErrors && Object.values(fieldErrors).some(Boolean) ? 'Some fields need attention.' : null);
  const summary = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState<InvalidField[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt with the same message must focus again.
  useEffect(() => {
    const element = summary.current;
    if (!element) return;
    const scope = element.closest('form') ?? element.parentElement;
    const invalid = [...(scope?.querySelectorAll<HTMLElement>('[aria-invalid="true"][id]') ?? [])];
    setFields(invalid.map((control) => ({ id: control.id, label: labelOf(control) })));
    element.focus();
  }, [message, attempt]);
  if (!message) return null;
  return (
    <Alert ref={summary} tabIndex={-1} className={className} data-testid={testId}>
      <p>{message}</p>
      {children}
      {fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {fields.map((field) => (
            <li key={field.id}>
              <a
                href={`#${field.id}`}
                className="text-destructive underline underline-offset-2 hover:no-underline"
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(field.id)?.focus();
                }}
              >
                {field.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
