import { describe, expect, it } from 'vitest';
import { niceScale, scaleTicks } from './chart-scale';

describe('the chart scale', () => {
  it.each([
    [0, { max: 1, step: 1 }],
    [7, { max: 7.5, step: 2.5 }],
    [130, { max: 150, step: 50 }],
    [48_000, { max: 50_000, step: 10_000 }],
  ])('rounds %d up to %j', (value, scale) => {
    expect(niceScale(value)).toEqual(scale);
  });

  it('ticks from 0 to the maximum by the step', () => {
    expect(scaleTicks({ max: 150, step: 50 })).toEqual([0, 50, 100, 150]);
  });
});
