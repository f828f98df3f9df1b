'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';

/**
 * A form's submit button that says it is working and takes no second press meanwhile: a double
 * click would send the form twice. A live region tells screen readers as well.
 */
export function SubmitButton({
  children,
  pendingLabel,
  className,
}: {
  children: ReactNode;
  pendingLabel: string;
  className?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <>
      <button type="submit" className={className} disabled={pending}>
        {pending ? pendingLabel : children}
      </button>
      {/* A live region without the status role: pages keep one role=status for their own notices. */}
      <span aria-live="polite" className="sr-only">
        {pending ? pendingLabel : ''}
      </span>
    </>
  );
}
