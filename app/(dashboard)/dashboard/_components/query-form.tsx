'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A GET form that navigates client-side and leaves blank fields out of the address
 * (`?search=go`, not `?search=go&status=&job_types=…`). Without JavaScript it is a plain GET form.
 * When the address changes (a Clear link, the pager, Back), its fields go back to the defaults the
 * page rendered for it: a client-side navigation keeps the form, and with it what was last chosen.
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
  const form = useRef<HTMLFormElement>(null);
  const address = useSearchParams().toString();
  // React has already moved each field's default to the new page's; reset() shows them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new address, by design
  useEffect(() => form.current?.reset(), [address]);
  return (
    <form
      ref={form}
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
