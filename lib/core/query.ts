import { z } from 'zod';

// Query strings arrive as text. These parse them strictly ("", "1.5" or "0x10" are not integers)
// while keeping the JSON Schema type (integer, boolean) for the OpenAPI document.

const integerText = (value: unknown) =>
  typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value) : value;

const integer = () => z.number({ error: 'Expected an integer' }).int({ error: 'Expected an integer' });

export const queryInt = () => z.preprocess(integerText, integer());

export const queryIntInRange = (min: number, max: number) =>
  z.preprocess(
    integerText,
    integer()
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

/** A comma-separated list (`a,b,c`); blanks are dropped and each item is validated. */
export const queryList = <T extends z.ZodType>(item: T, maxItems = 50) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item).max(maxItems, { error: `At most ${maxItems} values` }),
  );

/** An ISO 8601 date (`2026-03-01`) or date-time; returned as a Date. */
export const queryDate = () =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
      error: 'Expected an ISO 8601 date such as 2026-03-01',
    })
    .transform((value, context) => {
      const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      // Rejects impossible dates such as 2026-02-30, which Date would roll over.
      if (
        Number.isNaN(date.getTime()) ||
        (value.length === 10 && date.toISOString().slice(0, 10) !== value)
      ) {
        context.addIssue({ code: 'custom', message: 'Not a real calendar date' });
        return z.NEVER;
      }
      return date;
    });
