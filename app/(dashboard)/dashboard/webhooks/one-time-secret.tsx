'use client';

import Link from 'next/link';
import { CopyableValue } from '@/components/ui/copyable-value';

/** A signing secret shown once, as the API keys page shows a new key: copy it now or rotate later. */
export function OneTimeSecret({ secret }: { secret: string }) {
  return <CopyableValue value={secret} testId="webhook-secret" copyLabel="Copy secret" />;
}

/** How a receiver checks that a request came from Boardkit. */
export function VerifyNote() {
  return (
    <div className="rounded-md border border-border bg-muted/50 px-3 py-2.5 text-xs leading-relaxed text-muted-foreground">
      <p className="font-medium text-foreground">How to verify a delivery</p>
      <p className="mt-1">
        Every request carries the{' '}
        <a href="https://www.standardwebhooks.com/" className="text-link">
          Standard Webhooks
        </a>{' '}
        headers <code className="font-mono">webhook-id</code>,{' '}
        <code className="font-mono">webhook-timestamp</code> and{' '}
        <code className="font-mono">webhook-signature</code>. Check the signature with this secret (any
        Standard Webhooks library does it), reject old timestamps, and use{' '}
        <code className="font-mono">webhook-id</code> to ignore repeats: a retry keeps the same id. Details in
        the{' '}
        <Link href="/docs" className="text-link">
          API reference
        </Link>
        .
      </p>
    </div>
  );
}
