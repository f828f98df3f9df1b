import Link from 'next/link';

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
    <div className="px-6 py-10 text-center">
      <p className="font-medium">
        {filtered ? `No ${noun} match ${filter}` : page > 1 ? `No ${noun} on this page` : `No ${noun} yet`}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered || page > 1 ? (
          <Link href={clear} className="text-link">
            Show all {noun}
          </Link>
        ) : (
          hint
        )}
      </p>
    </div>
  );
}
