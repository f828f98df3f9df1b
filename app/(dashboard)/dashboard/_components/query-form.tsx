'use client';

import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';

/**
 * A GET form that navigates client-side and leaves blank fields out of the address
 * (`?search=go`, not `?search=go&status=&job_types=…`). Without JavaScript it is a plain GET form.
 */
export function QueryForm({
  action,
  className,
  label,
  children,
}: {
  action: string;
  className?: string;
  /** The form's accessible name. */
  label?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  return (
    <form
      action={action}
      method="get"
      className={className}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) {
          if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
        }
        const query = params.toString();
        router.push(query ? `${action}?${query}` : action);
      }}
    >
      {children}
    </form>
  );
}
