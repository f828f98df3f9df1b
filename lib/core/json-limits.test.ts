import { describe, expect, it } from 'vitest';
import { findJsonProblem, MAX_JSON_DEPTH } from './json-limits';

const nestedArrays = (depth: number) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);

describe('findJsonProblem', () => {
  it('accepts ordinary values, paired surrogates and files', () => {
    expect(
      findJsonProblem({ a: ['b', 1, null, true], emoji: '🚀', file: new Blob(['\u0000']) }),
    ).toBeUndefined();
  });

  it('allows exactly MAX_JSON_DEPTH levels and refuses one more', () => {
    expect(findJsonProblem(nestedArrays(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findJsonProblem(nestedArrays(MAX_JSON_DEPTH + 1))?.code).toBe('too_deep');
    expect(findJsonProblem(nestedArrays(100_000))?.code).toBe('too_deep');
  });

  it('reports the first problem in reading order, with its path', () => {
    expect(findJsonProblem({ a: 'ok', b: ['x', 'y\u0000'], c: '\ud800' })).toMatchObject({
      code: 'nul_character',
      path: ['b', 1],
    });
    expect(findJsonProblem({ 'k\udfff': 1 })).toMatchObject({ code: 'lone_surrogate', path: ['k\udfff'] });
    expect(findJsonProblem('\u0000')).toMatchObject({ code: 'nul_character', path: [] });
  });
});
