import { describe, expect, it } from 'vitest';
import { rowPage } from './row-page';

const rows = Array.from({ length: 45 }, (_, index) => index + 1);

describe('rowPage', () => {
  it.each([
    [undefined, 1, [1, 20]],
    ['2', 2, [21, 40]],
    ['3', 3, [41, 45]],
    // Past the end: an empty page, which the list says is empty.
    ['4', 4, []],
    // Not a page number: the first page, as a filter the address could not read.
    ['0', 1, [1, 20]],
    ['-2', 1, [1, 20]],
    ['2.5', 1, [1, 20]],
    ['two', 1, [1, 20]],
    ['1e400', 1, [1, 20]],
  ])('page %j is page %i: rows %j (first and last)', (page, number, ends) => {
    const result = rowPage(rows, page);
    expect(result.page).toBe(number);
    expect(result.total).toBe(45);
    expect(result.perPage).toBe(20);
    expect([result.rows[0], result.rows.at(-1)].filter((row) => row !== undefined)).toEqual(ends);
  });
});
