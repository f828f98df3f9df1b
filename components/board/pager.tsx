/** Previous / "Page X of Y" / Next under a board list; nothing when everything fits on one page. */
export function Pager({
  page,
  totalPages,
  href,
  labels = ['Previous', 'Next'],
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  labels?: [previous: string, next: string];
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between pt-2 text-sm">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev" className="board-button-outline">
          {labels[0]}
        </a>
      ) : (
        <span />
      )}
      <span className="text-zinc-700">
        Page {page.toLocaleString('en-US')} of {totalPages.toLocaleString('en-US')}
      </span>
      {page < totalPages ? (
        <a href={href(page + 1)} rel="next" className="board-button-outline">
          {labels[1]}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
