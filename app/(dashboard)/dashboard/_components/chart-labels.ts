// Which labels of a chart's x axis to show: as many as fit side by side without touching.

/**
 * `points`: labels at the n data points spread from edge to edge, the first aligned to its left and
 * the last to its right (a line chart). `columns`: labels centred under n equal columns (a bar chart).
 */
export type LabelLayout = 'points' | 'columns';

/** The horizontal extent of label `index` of `count` with width `width` along `span` px. */
function extent(layout: LabelLayout, index: number, count: number, width: number, span: number) {
  if (layout === 'columns') {
    const centre = ((index + 0.5) * span) / count;
    return { left: centre - width / 2, right: centre + width / 2 };
  }
  if (count === 1) return { left: span / 2 - width / 2, right: span / 2 + width / 2 };
  if (index === 0) return { left: 0, right: width };
  if (index === count - 1) return { left: span - width, right: span };
  const centre = (index / (count - 1)) * span;
  return { left: centre - width / 2, right: centre + width / 2 };
}

/** Every `step`-th index of `count`, counted back from the newest (the last), in order. */
function everyStep(count: number, step: number): number[] {
  const indexes: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) indexes.unshift(index);
  return indexes;
}

/**
 * The labels to show: every k-th, back from the newest, with the smallest k that leaves at least
 * `gap` px between neighbours and shows at most `most`. `widths` are the labels' rendered widths
 * (px); a label that fits nowhere leaves the newest alone.
 */
export function fittingLabels({
  widths,
  span,
  layout,
  gap = 8,
  most = Number.POSITIVE_INFINITY,
}: {
  widths: readonly number[];
  span: number;
  layout: LabelLayout;
  gap?: number;
  most?: number;
}): number[] {
  const count = widths.length;
  if (count === 0) return [];
  // At most `most` labels: the step that spreads `most` over the whole axis.
  const first = most >= count ? 1 : Math.max(1, Math.ceil((count - 1) / Math.max(1, most - 1)));
  for (let step = first; step < count; step++) {
    const shown = everyStep(count, step);
    const extents = shown.map((index) => extent(layout, index, count, widths[index]!, span));
    if (extents.every((one, at) => at === 0 || extents[at - 1]!.right + gap <= one.left)) return shown;
  }
  return [count - 1];
}
