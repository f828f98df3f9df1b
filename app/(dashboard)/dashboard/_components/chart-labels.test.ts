import { describe, expect, it } from 'vitest';
import { fittingLabels } from './chart-labels';

describe('the labels of a chart’s x axis', () => {
  it('shows every label when all fit', () => {
    expect(fittingLabels({ widths: [40, 40, 40, 40], span: 600, layout: 'points' })).toEqual([0, 1, 2, 3]);
    expect(fittingLabels({ widths: Array(12).fill(24), span: 600, layout: 'columns' })).toHaveLength(12);
  });

  it('keeps every k-th back from the newest when they would touch', () => {
    // 30 daily labels 40 px wide on 280 px, 9.7 px apart: the newest is right-aligned at the end, so
    // its neighbour's centre must be 1.5 widths plus the 8 px gap away: every 8th label.
    expect(fittingLabels({ widths: Array(30).fill(40), span: 280, layout: 'points' })).toEqual([
      5, 13, 21, 29,
    ]);
    // 12 months, 26 px wide, under 12 columns of 14 px: every other one (28 px apart) is 2 px short of
    // the 4 px gap, every 3rd fits.
    expect(fittingLabels({ widths: Array(12).fill(26), span: 168, layout: 'columns', gap: 4 })).toEqual([
      2, 5, 8, 11,
    ]);
  });

  it('leaves no two shown labels overlapping, whatever the width', () => {
    for (let span = 40; span <= 1200; span += 37) {
      const widths = Array.from({ length: 31 }, (_, index) => 30 + (index % 3) * 8);
      const shown = fittingLabels({ widths, span, layout: 'points', gap: 6 });
      const place = (index: number) => {
        const width = widths[index]!;
        if (index === 0) return [0, width];
        if (index === 30) return [span - width, span];
        const centre = (index / 30) * span;
        return [centre - width / 2, centre + width / 2];
      };
      for (let at = 1; at < shown.length; at++)
        expect(place(shown[at - 1]!)[1]! + 6).toBeLessThanOrEqual(place(shown[at]!)[0]!);
      expect(shown.at(-1)).toBe(30);
    }
  });

  it('shows no more than `most`, spread over the axis', () => {
    expect(fittingLabels({ widths: Array(30).fill(10), span: 2000, layout: 'points', most: 7 })).toEqual([
      4, 9, 14, 19, 24, 29,
    ]);
    expect(fittingLabels({ widths: Array(7).fill(10), span: 2000, layout: 'points', most: 7 })).toHaveLength(
      7,
    );
  });

  it('keeps the newest alone when even two do not fit, and nothing for no labels', () => {
    expect(fittingLabels({ widths: [50, 50, 50], span: 60, layout: 'points' })).toEqual([2]);
    expect(fittingLabels({ widths: [], span: 300, layout: 'points' })).toEqual([]);
  });
});
