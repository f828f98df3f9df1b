import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Page not found · Boardkit', robots: { index: false } };

/**
 * An address nothing answers (an unknown board included): a page with a landmark, a heading and a
 * way on, where Next's default has neither.
 */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="max-w-md space-y-3 rounded-lg border border-border bg-white p-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="text-sm text-muted-foreground">
          Nothing is at this address. The link may be mistyped, or the page or board has moved.
        </p>
        <p className="text-sm">
          {/* A plain link: this boundary is part of every page's flight data, the board's included,
              and next/link would add its client code (8 KB) to every board page for this one link. */}
          <a href="/" className="text-link">
            Go to Boardkit
          </a>
        </p>
      </div>
    </main>
  );
}
