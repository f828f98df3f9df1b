import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './sql-like';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character, nothing else', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('plain text')).toBe('plain text');
  });

  it('matches the text anywhere, taken literally', () => {
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
