import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, null, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [10, 10, [1, null, 9, 10]],
    // A gap of one page is the page itself.
    [4, 10, [1, 2, 3, 4, 5, null, 10]],
  ])('page %i of %i links to %j', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});
