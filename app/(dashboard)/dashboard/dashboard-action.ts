import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { type Database, getDb } from '@/db/client';
import type { Permission } from '@/lib/auth/permissions';
import { type DashboardContext, requireMembership } from '@/lib/auth/session';
import { AppError } from '@/lib/core/errors';
import {
  type FormErrorRules,
  type FormErrors,
  type FormState,
  formErrors,
  formInput,
  formValues,
} from '@/lib/forms';

// The forms' schemas, kept apart so that a form module loads no session (form-schema.ts).
export { checkedBody, textFields } from './form-schema';

/** A dashboard path whose render is out of date after a change; with 'layout', everything under it. */
export type Revalidation = string | readonly [path: string, type: 'layout'];

/** Who may run an action: a permission of lib/auth/permissions.ts, or null for any member. */
export type ActionPermission = Permission | null;

export interface DashboardCallContext extends DashboardContext {
  db: Database;
}

export interface DashboardActionContext extends DashboardCallContext {
  /** The form's fields as sent (storable text), which go back to refill the form after a refusal. */
  values: Record<string, string>;
}

export interface DashboardActionOptions<Input> {
  /** Revalidated once the handler has answered; never after a refusal. */
  revalidate?: readonly Revalidation[] | ((input: Input) => readonly Revalidation[]);
  /** How refusals show (formErrors). `fields` defaults to the schema's fields. */
  errors?: FormErrorRules | ((values: Record<string, string>) => FormErrorRules);
  /** Where a handled submission goes instead of back to its form (a create leads to the list). */
  redirect?: string;
  /** The fields a refusal sends back to refill the form; default all. A secret's value never travels back. */
  refill?: readonly string[];
}

/** The form fields a schema reads (the keys of its object, through transforms and pipes), lists apart. */
function formFields(schema: z.ZodType): { fields: string[]; lists: string[] } {
  if (schema instanceof z.ZodPipe) return formFields(schema.in as z.ZodType);
  if (!(schema instanceof z.ZodObject))
    throw new Error('dashboardAction reads a form through an object schema (or a pipe from one).');
  const shape: Record<string, z.ZodType> = schema.shape;
  return {
    fields: Object.keys(shape),
    lists: Object.keys(shape).filter((name) => shape[name] instanceof z.ZodArray),
  };
}

function revalidate(paths: readonly Revalidation[] | undefined): void {
  for (const path of paths ?? []) {
    if (typeof path === 'string') revalidatePath(path);
    else revalidatePath(path[0], path[1]);
  }
}

/**
 * A dashboard server action for a form (`useActionState`, or `action.bind(null, {})` for a plain
 * form): the session and `permission` (a redirect to sign-in, or an error page, as for any page),
 * the form read with `schema` (its field names are the object's keys; an array field reads every
 * value sent), a refusal of the schema or the handler (an AppError or ZodError it throws) answered
 * with field errors and the values sent, then the revalidation. Every answer counts in
 * `submission`, so a form keyed on it remounts.
 */
export function dashboardAction<Schema extends z.ZodType, State extends FormState = FormState>(
  permission: ActionPermission,
  schema: Schema,
  handler: (input: z.output<Schema>, context: DashboardActionContext) => Promise<State>,
  options: DashboardActionOptions<z.output<Schema>> = {},
): (previous: State, formData: FormData) => Promise<State> {
  const { fields, lists } = formFields(schema);
  return async (previous, formData) => {
    const membership = await requireMembership(permission ?? undefined);
    const submission = (previous?.submission ?? 0) + 1;
    const values = formValues(formData, fields, lists);
    const rules = {
      fields,
      ...(typeof options.errors === 'function' ? options.errors(values) : options.errors),
    };
    const refill = options.refill ? formValues(formData, [...options.refill], lists) : values;
    const parsed = schema.safeParse(formInput(formData, fields, lists));
    if (!parsed.success) return { ...formErrors(parsed.error, rules), values: refill, submission } as State;
    let state: State;
    try {
      state = await handler(parsed.data, { ...membership, db: await getDb(), values });
    } catch (error) {
      return { ...formErrors(error, rules), values: refill, submission } as State;
    }
    revalidate(
      typeof options.revalidate === 'function' ? options.revalidate(parsed.data) : options.revalidate,
    );
    if (options.redirect) redirect(options.redirect);
    return { ...state, submission };
  };
}

/** A row's id among an action's arguments: a uuid, or `message` as the answer (never a 500). */
export const rowId = (message: string) => z.uuid({ error: message });

export interface DashboardRowActionOptions<Params, Result> {
  /** Revalidated once the handler has answered (`result` is unset after a refusal); never after arguments that do not parse. */
  revalidate?: readonly Revalidation[] | ((params: Params, result?: Result) => readonly Revalidation[]);
  /** Revalidate after a refusal of the handler too: the row may have changed meanwhile (another tab, the API). */
  revalidateRefused?: boolean;
  /** How a refusal of the handler reads (formErrors); default one message, no fields. */
  errors?: FormErrorRules;
  /** The answer to arguments that do not parse; default the first message of `params`. */
  invalid?: string;
  /** A refusal as the caller takes it; default `{ error }` (for a Result with an optional `error`). */
  refused?: (refusal: FormErrors & { error: string }, cause: unknown, params?: Params) => Result;
  /**
   * The answer when the row is already gone (the handler's not_found): for a delete, the outcome
   * asked for (made meanwhile in another tab or through the API), revalidated as a success.
   */
  gone?: Result;
  /** Where a handled call goes instead of back to its page (a deleted row's own page). */
  redirect?: (params: Params) => string | undefined;
}

/**
 * A dashboard server action called with arguments rather than a form: a row's button bound to the
 * row's id (`rowId`), an editor's save with its body. The session and `permission` as for
 * `dashboardAction`; the arguments checked with `params` (a tuple) before the handler sees them, so
 * a tampered or stale id is an answer (`invalid`, or the schema's message) instead of a 500; a refusal
 * of the handler (an AppError or ZodError it throws) answered as `refused`; then the revalidation and
 * the redirect.
 */
export function dashboardRowAction<Params extends z.ZodTuple, Result>(
  permission: ActionPermission,
  params: Params,
  handler: (params: z.output<Params>, context: DashboardCallContext) => Promise<Result>,
  options: DashboardRowActionOptions<z.output<Params>, Result> = {},
): (...args: z.input<Params>) => Promise<Result> {
  const refused = options.refused ?? ((refusal: { error: string }) => ({ error: refusal.error }) as Result);
  const answer = (error: unknown, params?: z.output<Params>) => {
    const refusal = formErrors(error, { fields: [], ...(params ? options.errors : {}) });
    return refused({ ...refusal, error: refusal.error ?? '' }, error, params);
  };
  const revalidateAfter = (params: z.output<Params>, result?: Result) =>
    revalidate(
      typeof options.revalidate === 'function' ? options.revalidate(params, result) : options.revalidate,
    );
  return async (...args) => {
    const membership = await requireMembership(permission ?? undefined);
    const parsed = params.safeParse(args);
    if (!parsed.success)
      return options.invalid
        ? refused({ error: options.invalid, fieldErrors: {} }, parsed.error)
        : answer(parsed.error);
    let result: Result;
    try {
      result = await handler(parsed.data, { ...membership, db: await getDb() });
    } catch (error) {
      if (options.gone !== undefined && error instanceof AppError && error.code === 'not_found')
        result = options.gone;
      else {
        const refusal = answer(error, parsed.data);
        if (options.revalidateRefused) revalidateAfter(parsed.data);
        return refusal;
      }
    }
    revalidateAfter(parsed.data, result);
    const to = options.redirect?.(parsed.data);
    if (to) redirect(to);
    return result;
  };
}
