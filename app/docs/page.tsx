import type { Metadata } from 'next';
import Link from 'next/link';
import { ApiReference } from './api-reference';

export const metadata: Metadata = { title: 'API reference · Boardkit' };

export default function DocsPage() {
  return (
    <>
      {/* A landmark, so screen reader users can find these links beside the reference's own. */}
      <nav
        aria-label="Documentation"
        className="border-b border-border bg-white px-6 py-2 text-sm text-muted-foreground"
      >
        Boardkit API reference ·{' '}
        <Link href="/docs/errors" className="text-link">
          Error codes
        </Link>{' '}
        ·{' '}
        <a href="/api/openapi.json" className="text-link">
          openapi.json
        </a>{' '}
        ·{' '}
        <Link href="/dashboard/api-keys" className="text-link">
          Get an API key
        </Link>
      </nav>
      <ApiReference />
    </>
  );
}
