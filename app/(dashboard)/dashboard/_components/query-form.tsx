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
  // The address the fields were last reset for: not on the first render, which would wipe what was
  // typed before the page's scripts ran.
  const shown = useRef(address);
  useEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    // React has already moved each field's default to the new page's; reset() shows them.
    form.current?.reset();
  }, [address]);
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
