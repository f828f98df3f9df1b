import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** "N items · page X of Y" with Previous/Next, under every paginated dashboard list. */
export function Pagination({
  total,
  noun,
  page,
  perPage,
  href,
}: {
  total: number;
  noun: [singular: string, plural: string];
  page: number;
  perPage: number;
  href: (page: number) => string;
}) {
  if (total === 0) return null;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return (
    // Named after its list: a page with two lists (payments and subscriptions) has two distinct landmarks.
    <nav aria-label={`Pages of ${noun[1]}`} className="mt-4 flex items-center justify-between text-sm">
      <p className="text-muted-foreground">
        {total} {total === 1 ? noun[0] : noun[1]} · page {page} of {totalPages}
      </p>
      <div className="flex gap-2">
        <PageLink href={href(page - 1)} disabled={page <= 1}>
          <ChevronLeft /> Previous
        </PageLink>
        <PageLink href={href(page + 1)} disabled={page >= totalPages}>
          Next <ChevronRight />
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ href, disabled, children }: { href: string; disabled: boolean; children: ReactNode }) {
  if (disabled)
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href}>{children}</Link>
    </Button>
  );
}
