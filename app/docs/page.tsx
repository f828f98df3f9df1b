import type { Metadata } from 'next';
import { ApiReference } from './api-reference';

export const metadata: Metadata = { title: 'API reference · Boardkit' };

export default function DocsPage() {
  return (
    <>
      {/* A landmark, so screen reader users can find these links beside the reference's own. Plain
          links: the reference rewrites the URL as it scrolls, and the client router's navigations
          from under it were sometimes lost. */}
      <nav
        aria-label="Documentation"
        className="border-b border-border bg-white px-6 py-2 text-sm text-muted-foreground"
      >
        Boardkit API reference ·{' '}
        <a href="/docs/errors" className="text-link">
          Error codes
        </a>{' '}
        ·{' '}
        <a href="/api/openapi.json" className="text-link">
          openapi.json
        </a>{' '}
        ·{' '}
        <a href="/dashboard/api-keys" className="text-link">
          Get an API key
        </a>
      </nav>
      <ApiReference />
    </>
  );
}
