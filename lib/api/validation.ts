import type { z } from 'zod';
import { ApiError } from './errors';

export type InputLocation = 'path' | 'query' | 'body' | 'header';

export interface ValidationDetail {
  location: InputLocation;
  /** Dotted path of the offending value, e.g. `salary.min` or `categories.2`. */
  field: string;
  path: (string | number)[];
  code: string;
  message: string;
}

export function validationError(location: InputLocation, error: z.ZodError): ApiError {
  const details: ValidationDetail[] = error.issues.map((issue) => {
    const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    return { location, field: path.join('.') || location, path, code: issue.code, message: issue.message };
  });
  const first = details[0];
  const summary = first
    ? `Invalid ${location} value for '${first.field}': ${first.message}`
    : `Invalid ${location}.`;
  const more =
    details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return new ApiError('validation_error', summary + more, details);
}
