import Link from 'next/link';
import { EmptyState } from '../_components/empty-state';

/** What an empty payments or subscriptions list says: nothing yet, or nothing for these filters. */
export function EmptyList({
  noun,
  filter,
  filtered,
  page,
  clear,
  hint,
}: {
  noun: string;
  /** How the filters are named in "No … match …". */
  filter: string;
  filtered: boolean;
  page: number;
  /** The list without filters, on its first page. */
  clear: string;
  /** Said when the board has none at all yet. */
  hint: string;
}) {
  return (
    <EmptyState
      title={
        filtered ? `No ${noun} match ${filter}` : page > 1 ? `No ${noun} on this page` : `No ${noun} yet`
      }
    >
      {filtered || page > 1 ? (
        <Link href={clear} className="text-link">
          Show all {noun}
        </Link>
      ) : (
        hint
      )}
    </EmptyState>
  );
}
