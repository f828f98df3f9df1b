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

/** An ISO 8601 date-time in a request body (an offset is allowed); returned as a Date. */
export const isoDateTime = z.iso
  .datetime({ offset: true, error: 'Expected an ISO 8601 date-time' })
  .transform((value) => new Date(value));

/** An absolute http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }).max(2000);

/**
 * A text field in a response: what a client sent, returned as stored. It is never HTML (rich text
 * comes as `*_html`, sanitized), so whoever renders it must escape it; the schema says so, so the
 * OpenAPI document tells every consumer.
 */
export const plainText = (description?: string) =>
  z
    .string()
    .describe(
      `${description ? `${description} ` : ''}Plain text, not HTML: escape it wherever it is rendered.`,
    );

/** An email address: trimmed and lowercased. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }));
