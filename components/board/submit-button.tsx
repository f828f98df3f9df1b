'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';

/**
 * A form's submit button that says it is working and takes no second press meanwhile: a double
 * click would send the form twice. The status line tells screen readers as well.
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
      <span role="status" className="sr-only">
        {pending ? pendingLabel : ''}
      </span>
    </>
  );
}
