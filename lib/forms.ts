import { z } from 'zod';
import { AppError, type ErrorCode } from '@/lib/core/errors';
import { storableText } from '@/lib/core/json-limits';

/** What a server action hands back to its form: a message, per-field errors, the values to refill. */
export interface FormState {
  error?: string;
  success?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  /** Counts answers, so a form keyed on it remounts with the values it is given. */
  submission?: number;
}

/**
 * The named fields as text PostgreSQL can store (NUL characters dropped, lone surrogates replaced):
 * no one types them, and a scripted post holding one gets the form back rather than an error page.
 * A field of `lists` (a checkbox group) holds its values joined by commas.
 */
export function formValues(
  formData: FormData,
  names: readonly string[],
  lists: readonly string[] = [],
): Record<string, string> {
  const input = formInput(formData, names, lists);
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
  );
}

/**
 * What a schema reads of a form: the named fields as storable text, and each of `lists` (a checkbox
 * group, a multiple select) as every value sent. `formValues` holds the same, a list as one line of
 * comma-separated values, for the form to refill itself.
 */
export function formInput(
  formData: FormData,
  names: readonly string[],
  lists: readonly string[] = [],
): Record<string, string | string[]> {
  return Object.fromEntries(
    names.map((name) => [name, lists.includes(name) ? formList(formData, name) : formText(formData, name)]),
  );
}

/** Every text value of a multi-value field, as text PostgreSQL can store. */
export function formList(formData: FormData, name: string): string[] {
  return formData
    .getAll(name)
    .filter((value) => typeof value === 'string')
    .map((value) => storableText(value));
}

/** One field as text PostgreSQL can store; '' when it is missing or a file. */
export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? storableText(value) : '';
}

/** One problem with one value, from a zod issue or from an AppError's `details`. */
export interface FormProblem {
  /** Dotted, as the schema or the service names it: `salary_max`, `schema.2.options`. */
  field: string;
  path: (string | number)[];
  /** The zod issue code or the detail's own (`invalid_value`, `slug_conflict`, `blocked_target`). */
  code: string;
  message: string;
}

type Words<T> = string | ((subject: T, error: AppError | z.ZodError) => string);

/** How one form shows errors. Every rule is optional; without any, everything is the form's message. */
export interface FormErrorRules {
  /**
   * The form's inputs: a problem whose field starts with one shows there, the rest at the form level.
   * A function names the input for a field (`categories.2` → `additional_categories`), undefined for none.
   */
  fields?: readonly string[] | ((field: string) => string | undefined);
  /** The AppError codes the form answers; any other is rethrown, as an error that is not an AppError. */
  answers?: readonly ErrorCode[];
  /** Codes that concern one input although the service names no field: `{ conflict: 'slug' }`. */
  codeFields?: Partial<Record<ErrorCode, string>>;
  /** The form's own words for a problem, by input, then (optionally) by problem code. */
  fieldWords?: Record<string, Words<FormProblem> | Record<string, Words<FormProblem>>>;
  /** The form's own words for an error that names no field, by error code. */
  words?: Partial<Record<ErrorCode, Words<AppError>>>;
  /** The form-level message when every problem shows on its input. */
  summary?: Words<AppError | z.ZodError>;
}

export interface FormErrors {
  error?: string;
  fieldErrors: Record<string, string>;
}

const detailSchema = z.object({
  field: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  code: z.string().optional(),
  message: z.string(),
});

/** The problems an error lists: a ZodError's issues, an AppError's `details` items (not its other details). */
export function formProblems(error: AppError | z.ZodError): FormProblem[] {
  if (error instanceof z.ZodError) {
    return error.issues.map((issue) => {
      const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
      return { field: path.join('.'), path, code: issue.code, message: issue.message };
    });
  }
  if (!Array.isArray(error.details)) return [];
  return error.details.flatMap((item) => {
    const detail = detailSchema.safeParse(item);
    if (!detail.success) return [];
    const { field, path, code, message } = detail.data;
    const dotted = field ?? path?.join('.') ?? '';
    return [{ field: dotted, path: path ?? dotted.split('.'), code: code ?? error.code, message }];
  });
}

function say<T>(words: Words<T> | undefined, subject: T, error: AppError | z.ZodError): string | undefined {
  return typeof words === 'function' ? words(subject, error) : words;
}

/**
 * A refusal as the form shows it: each problem on its input, in the form's words where it has them;
 * the first one without an input, or else `summary`, as the form-level message. A ZodError and an
 * AppError the form answers are refusals; anything else is rethrown (Next shows its error page).
 */
export function formErrors(error: unknown, rules: FormErrorRules = {}): FormErrors {
  if (error instanceof AppError) {
    if (rules.answers && !rules.answers.includes(error.code)) throw error;
  } else if (!(error instanceof z.ZodError)) {
    throw error;
  }
  const problems = formProblems(error);
  const codeField = error instanceof AppError ? rules.codeFields?.[error.code] : undefined;
  if (problems.length === 0 && codeField && error instanceof AppError)
    problems.push({ field: codeField, path: [codeField], code: error.code, message: error.message });

  const fieldErrors: Record<string, string> = {};
  let message: string | undefined;
  for (const problem of problems) {
    const head = problem.field.split('.')[0] ?? '';
    const input =
      typeof rules.fields === 'function'
        ? rules.fields(problem.field)
        : rules.fields?.includes(head)
          ? head
          : undefined;
    const words = rules.fieldWords?.[input ?? head];
    const byCode = words && typeof words === 'object' ? words[problem.code] : words;
    const text = say(byCode, problem, error) ?? problem.message;
    if (input === undefined) message ??= text;
    else fieldErrors[input] ??= text;
  }
  if (problems.length > 0) message ??= say(rules.summary, error, error);
  else if (error instanceof AppError) message = say(rules.words?.[error.code], error, error) ?? error.message;
  return message === undefined ? { fieldErrors } : { error: message, fieldErrors };
}

/** One message for a place without inputs (a row's button, a toast): formErrors with no fields. */
export function formMessage(error: unknown, rules: Omit<FormErrorRules, 'fields'> = {}): string {
  return formErrors(error, { ...rules, fields: [] }).error ?? '';
}
