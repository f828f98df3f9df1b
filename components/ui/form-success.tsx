'use client';

import { useEffect, useRef } from 'react';
import { Alert } from './alert';
import { cn } from './cn';

/**
 * A handled submit's message. It takes focus when it appears (each `attempt` counts), as FormError
 * does: a saved form remounts, and focus would otherwise fall to the page's body, with nothing said.
 */
export function FormSuccess({
  message,
  attempt,
  className,
}: {
  message?: string;
  attempt?: unknown;
  className?: string;
}) {
  const status = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt with the same message must focus again.
  useEffect(() => {
    status.current?.focus();
  }, [message, attempt]);
  if (!message) return null;
  return (
    <Alert ref={status} tabIndex={-1} variant="success" className={cn('focus-visible:outline-2', className)}>
      {message}
    </Alert>
  );
}
