import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, isCurrencyCode, toMajorUnits, toMinorUnits } from './money';

describe('money', () => {
  it.each([
    ['USD', true],
    ['EUR', true],
    ['JPY', true],
    ['BHD', true],
    ['XYZ', false],
    ['usd', false],
    ['usd1', false],
    ['US', false],
    ['', false],
  ])('isCurrencyCode(%j) is %s', (code, expected) => {
    expect(isCurrencyCode(code)).toBe(expected);
  });

  it.each([
    ['JPY', 0],
    ['USD', 2],
    ['EUR', 2],
    ['BHD', 3],
  ])('%s has %i decimals', (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  it.each([
    [4900, 'USD', 49],
    [4950, 'USD', 49.5],
    [1, 'USD', 0.01],
    [5000, 'JPY', 5000],
    [1234, 'BHD', 1.234],
    [0, 'EUR', 0],
  ])('toMajorUnits(%i, %s) is %d', (minor, currency, major) => {
    expect(toMajorUnits(minor, currency)).toBe(major);
  });

  it.each([
    [49.5, 'USD', 4950],
    [18.99 + 9.99, 'EUR', 2898],
    [0.07, 'USD', 7],
    [5000, 'JPY', 5000],
    [1.234, 'BHD', 1234],
  ])('toMinorUnits(%d, %s) is %i', (major, currency, minor) => {
    expect(toMinorUnits(major, currency)).toBe(minor);
  });

  it.each([
    [4900, 'USD', '$49'],
    [4950, 'USD', '$49.50'],
    [4999, 'USD', '$49.99'],
    [199_900, 'USD', '$1,999'],
    [0, 'USD', '$0'],
    [1900, 'EUR', '€19'],
    [1905, 'EUR', '€19.05'],
    [5000, 'JPY', '¥5,000'],
    [2900, 'GBP', '£29'],
    [1230, 'BHD', 'BHD 1.230'],
  ])('formatMoney(%i, %s) is %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text.replace(' ', '\u00a0'));
  });

  it('writes the price in the locale asked for', () => {
    expect(formatMoney(1950, 'EUR', 'de-DE')).toBe('19,50\u00a0€');
    expect(formatMoney(1900, 'EUR', 'de-DE')).toBe('19\u00a0€');
    expect(formatMoney(123_456_789, 'JPY', 'ja-JP')).toBe('￥123,456,789');
  });

  it('uses one format per locale and currency, whatever was asked before', () => {
    expect(formatMoney(4950, 'USD', 'en-US')).toBe('$49.50');
    expect(formatMoney(4950, 'USD', 'de-DE')).toBe('49,50\u00a0$');
    expect(formatMoney(4900, 'USD', 'en-US')).toBe('$49');
  });
});
