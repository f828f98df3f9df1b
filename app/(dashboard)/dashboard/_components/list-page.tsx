import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { PageHeader } from '../page-header';

/**
 * The frame of a dashboard list page: header, what sits above the list (totals, notices), the
 * filters, the list in a card (or its empty state) and the pager.
 */
export function ListPage({
  title,
  description,
  actions,
  intro,
  filters,
  ignoredFilters = false,
  empty,
  pager,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  intro?: ReactNode;
  filters?: ReactNode;
  /** The address held filters that did not parse: the list is shown without them. */
  ignoredFilters?: boolean;
  /** Shown in place of the list when it is set (an EmptyState). */
  empty?: ReactNode;
  pager?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {intro}
      {filters}
      {ignoredFilters && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          Some filters were not understood and were ignored.
        </p>
      )}
      <Card>{empty ?? children}</Card>
      {pager}
    </>
  );
}
