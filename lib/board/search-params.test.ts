// The board's search form as a query string: the minimum salary is read, kept in links and
// canonical addresses like the other filters, and a value the board cannot use is said and left out.
import { describe, expect, it } from 'vitest';
import { listingCanonicalPath, parseBoardSearch, salaryAmount, searchQueryString } from './search-params';

describe('the minimum salary of a board search', () => {
  it.each([
    ['60000', '60000'],
    [' 60,000 ', '60000'],
    ['60 000', '60000'],
    ['0', '0'],
    ['10000000', '10000000'],
  ])('reads %j as %s', (typed, value) => {
    const { values, filters, problems } = parseBoardSearch({ salary_min: typed });
    expect(problems).toEqual([]);
    expect(values.salary_min).toBe(value);
    expect(filters.salary_min).toBe(Number(value));
  });

  it.each([
    ['abc', '“abc” is not a yearly salary in whole numbers; showing jobs of any salary.'],
    ['-5000', '“-5000” is not a yearly salary in whole numbers; showing jobs of any salary.'],
    ['60.5', '“60.5” is not a yearly salary in whole numbers; showing jobs of any salary.'],
    ['1e6', '“1e6” is not a yearly salary in whole numbers; showing jobs of any salary.'],
    ['10000001', 'A minimum salary goes up to 10,000,000 a year; showing jobs of any salary.'],
    ['9'.repeat(400), 'A minimum salary goes up to 10,000,000 a year; showing jobs of any salary.'],
  ])('leaves %j out and says why', (typed, problem) => {
    const { values, filters, problems } = parseBoardSearch({ q: 'nurse', salary_min: typed });
    expect(problems).toEqual([problem]);
    expect(values.salary_min).toBe('');
    expect(filters).toMatchObject({ search: 'nurse', salary_min: undefined });
  });

  it('takes the first of repeated values and nothing from an empty one', () => {
    expect(parseBoardSearch({ salary_min: ['50000', '90000'] }).filters.salary_min).toBe(50_000);
    expect(parseBoardSearch({ salary_min: '' })).toMatchObject({
      problems: [],
      filters: { salary_min: undefined },
    });
    expect(salaryAmount('')).toBeUndefined();
  });

  it('keeps the minimum in page links, and a page of a filtered listing is canonical to the listing', () => {
    const { values } = parseBoardSearch({ salary_min: '60000', page: '2' });
    expect(searchQueryString(values)).toBe('?salary_min=60000&page=2');
    expect(searchQueryString({ ...values, page: 3 })).toBe('?salary_min=60000&page=3');
    expect(listingCanonicalPath('/remote', values)).toBe('/remote');
    expect(listingCanonicalPath('/remote', parseBoardSearch({ page: '2' }).values)).toBe('/remote?page=2');
  });
});
