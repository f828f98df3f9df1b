import { z } from 'zod';

// Query strings arrive as text. These parse them strictly ("", "1.5" or "0x10" are not integers)
// while keeping the JSON Schema type (integer, boolean) for the OpenAPI document.

export const queryInt = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: 'Expected an integer' }).int({ error: 'Expected an integer' }),
  );

export const queryIntInRange = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: 'Expected an integer' })
      .int({ error: 'Expected an integer' })
      .min(min, { error: `Must be at least ${min}` })
      .max(max, { error: `Must be at most ${max}` }),
  );

const booleanWords: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

export const queryBoolean = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.toLowerCase() in booleanWords
        ? booleanWords[value.toLowerCase()]
        : value,
    z.boolean({ error: 'Expected true or false' }),
  );

/** Reads URLSearchParams into a plain object; a repeated key keeps its last value. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}
