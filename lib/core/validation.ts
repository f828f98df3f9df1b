import type { z } from 'zod';
import { AppError } from './errors';

export type InputLocation = 'path' | 'query' | 'body' | 'header';

export interface ValidationDetail {
  location: InputLocation;
  /** Dotted path of the offending value, e.g. `salary.min` or `categories.2`. */
  field: string;
  path: (string | number)[];
  code: string;
  message: string;
}

/** One problem with one input value; `field` is the dotted path. */
export function validationDetail(
  location: InputLocation,
  path: (string | number)[],
  code: string,
  message: string,
): ValidationDetail {
  return { location, field: path.join('.') || location, path, code, message };
}

export function validationError(location: InputLocation, error: z.ZodError): AppError {
  return validationErrorOf(
    error.issues.map((issue) =>
      validationDetail(
        location,
        issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        issue.code,
        issue.message,
      ),
    ),
  );
}

/** 400 `validation_error` listing `details`, summarized by the first. */
export function validationErrorOf(details: ValidationDetail[]): AppError {
  const first = details[0];
  const location = first?.location ?? 'body';
  const summary = first
    ? `Invalid ${location} value for '${first.field}': ${first.message}`
    : `Invalid ${location}.`;
  const more =
    details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return new AppError('validation_error', summary + more, details);
}

/** 400 `validation_error` for one body field (`salary.min`, `categories.2`) that a service rejects. */
export function invalid(field: string, message: string): AppError {
  const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return new AppError('validation_error', message, [
    validationDetail('body', path, 'invalid_value', message),
  ]);
}
