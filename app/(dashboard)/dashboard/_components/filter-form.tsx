import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { QueryForm } from './query-form';

/**
 * A list's filters as a GET form (QueryForm): the choices land in the address (and the page goes
 * back to the first), so the list, its pages and a reload agree. Fields fill themselves from the
 * address (`defaultValue`), which keeps what was typed.
 */
export function FilterForm({
  action,
  label,
  clearHref,
  children,
}: {
  /** The list's path. */
  action: string;
  /** The form's accessible name: "Filter members". */
  label: string;
  /** The list without filters, shown as "Clear" while a filter is set. */
  clearHref?: string;
  children: ReactNode;
}) {
  return (
    <QueryForm action={action} label={label} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit" variant="outline">
        Filter
      </Button>
      {clearHref ? (
        <Button asChild variant="ghost">
          <Link href={clearHref}>Clear</Link>
        </Button>
      ) : null}
    </QueryForm>
  );
}

/** One labelled control of a FilterForm. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
