import { describe, expect, it } from 'vitest';
import { formatDate, listText, shortenText, supportedLocale } from './format';

describe('formatDate', () => {
  const instant = '2026-11-24T15:07:12Z';

  it('writes one date the way each locale reads it', () => {
    expect(formatDate(instant, 'en-US')).toBe('Nov 24, 2026');
    expect(formatDate(instant, 'en-GB')).toBe('24 Nov 2026');
    expect(formatDate(instant, 'de-DE', 'long')).toBe('24. November 2026');
    expect(formatDate(instant, 'en-US', 'month')).toBe('Nov 2026');
  });

  it('is in UTC unless told a zone', () => {
    expect(formatDate('2026-11-24T23:30:00Z', 'en-GB')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24T23:30:00Z', 'en-GB', 'date', 'Europe/Berlin')).toBe('25 Nov 2026');
    expect(formatDate(instant, 'en-GB', 'hour')).toBe('15:07');
  });
});

describe('supportedLocale', () => {
  it('takes tags Intl writes dates in, canonically', () => {
    expect(supportedLocale('en-gb')).toBe('en-GB');
    expect(supportedLocale('de')).toBe('de');
  });

  it('refuses malformed and unknown tags', () => {
    expect(supportedLocale('not a locale')).toBeNull();
    expect(supportedLocale('')).toBeNull();
    expect(supportedLocale('xx-YY')).toBeNull();
  });
});

describe('shortenText', () => {
  it('collapses whitespace and keeps a text that fits', () => {
    expect(shortenText('  About us\n\n\tWe  sail.  ', 160)).toBe('About us We sail.');
    expect(shortenText('a'.repeat(20), 20)).toBe('a'.repeat(20));
  });

  it('cuts a long text after the last whole word that fits, with an ellipsis, within the limit', () => {
    expect(shortenText('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown fox…');
    expect(shortenText('The quick brown fox, jumps over', 21)).toBe('The quick brown fox…');
    expect(shortenText('Sail on, harbour masters', 15)).toBe('Sail on…');
  });

  it('cuts a text without spaces between characters, never inside one', () => {
    expect(shortenText('Überseecontainerhafen', 10)).toBe('Überseeco…');
    expect(shortenText('🚢'.repeat(12), 10)).toBe(`${'🚢'.repeat(9)}…`);
  });
});

describe('listText', () => {
  it('joins with commas and a last "and" or "or", no serial comma', () => {
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c');
    expect(listText(['JPEG', 'PNG', 'GIF'], 'or')).toBe('JPEG, PNG or GIF');
    expect(listText(['only'])).toBe('only');
    expect(listText([])).toBe('');
  });
});
