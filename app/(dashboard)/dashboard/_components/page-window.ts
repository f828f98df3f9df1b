/**
 * The page numbers a pager links to: the first, the last, and the current one with its neighbours;
 * `null` where numbers are left out. A single left-out page is shown rather than a gap.
 */
export function pageWindow(current: number, totalPages: number, neighbours = 1): (number | null)[] {
  const shown = new Set([1, totalPages]);
  for (let page = current - neighbours; page <= current + neighbours; page++)
    if (page >= 1 && page <= totalPages) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const window: (number | null)[] = [];
  for (const page of sorted) {
    const previous = window.at(-1);
    if (typeof previous === 'number' && page - previous === 2) window.push(previous + 1);
    else if (typeof previous === 'number' && page - previous > 2) window.push(null);
    window.push(page);
  }
  return window;
}
