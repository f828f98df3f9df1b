import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { hrefWith } from './list-address';
import { pageWindow } from './page-window';
import type { RowPage } from './row-page';

/**
 * "N items · page X of Y", Previous/Next and a link to each nearby page, under every paginated
 * dashboard list. `href` builds a page's address and keeps the list's filters (see hrefWith).
 */
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
    <nav
      aria-label={`Pages of ${noun[1]}`}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-muted-foreground">
        {total} {total === 1 ? noun[0] : noun[1]} · page {page} of {totalPages}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <StepLink href={href(page - 1)} disabled={page <= 1}>
          <ChevronLeft /> Previous
        </StepLink>
        {totalPages > 1 && (
          <ol className="flex items-center gap-1">
            {pageWindow(page, totalPages).map((number, index) =>
              number === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={number}>
                  <Button asChild variant={number === page ? 'default' : 'ghost'} size="sm">
                    <Link
                      href={href(number)}
                      aria-label={`Page ${number}`}
                      aria-current={number === page ? 'page' : undefined}
                    >
                      {number}
                    </Link>
                  </Button>
                </li>
              ),
            )}
          </ol>
        )}
        <StepLink href={href(page + 1)} disabled={page >= totalPages}>
          Next <ChevronRight />
        </StepLink>
      </div>
    </nav>
  );
}

function StepLink({ href, disabled, children }: { href: string; disabled: boolean; children: ReactNode }) {
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

/** The pager of a list the page reads whole (rowPage); its links keep the rest of the address. */
export function RowPagination({
  rows,
  noun,
  path,
  address,
}: {
  rows: RowPage<unknown>;
  noun: [singular: string, plural: string];
  path: string;
  address: Record<string, string>;
}) {
  return (
    <Pagination
      total={rows.total}
      noun={noun}
      page={rows.page}
      perPage={rows.perPage}
      href={(page) => hrefWith(path, address, { page })}
    />
  );
}
