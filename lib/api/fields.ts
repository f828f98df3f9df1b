import { z } from 'zod';

/** Optional text in a request body: trimmed; an empty string means "no value" (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** An absolute http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }).max(2000);
