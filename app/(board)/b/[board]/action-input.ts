// Server actions are public endpoints that anyone can call with any arguments, not only the forms
// that bind them. What a board's forms bind (the board's slug, a job's, a session's) is short text;
// what they submit is a form. Anything else is no form of this board: a 404, as an unknown page
// would be, rather than a 500 from the first line that trusted it.
import { notFound } from 'next/navigation';
import { textProblem } from '@/lib/core/json-limits';

/** The longest id a board's form binds (slugs and ids are far shorter). */
const MAX_BOUND_ID = 500;

/** Each bound argument must be text that can name a row. */
export function expectIds(...ids: unknown[]): void {
  for (const id of ids) {
    if (typeof id !== 'string' || id.length > MAX_BOUND_ID || textProblem(id)) notFound();
  }
}

/** The submitted argument must be a form. */
export function expectForm(form: unknown): asserts form is FormData {
  if (!(form instanceof FormData)) notFound();
}
