import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { type Database, getDb } from '@/db/client';
import type { Permission } from '@/lib/auth/permissions';
import { type DashboardContext, requireMembership } from '@/lib/auth/session';
import { type FormErrorRules, type FormState, formErrors, formValues } from '@/lib/forms';

/** A dashboard path whose render is out of date after a change; with 'layout', everything under it. */
export type Revalidation = string | readonly [path: string, type: 'layout'];

export interface DashboardActionContext extends DashboardContext {
  db: Database;
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

/**
 * A form's fields as the text they arrive as, for a schema that shapes them into an API body:
 * `textFields(['name', 'parent']).transform(…).pipe(createCategoryBodySchema)`.
 */
export function textFields<const Name extends string>(names: readonly Name[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<Name, z.ZodString>);
}

/** The form fields a schema reads: the keys of its object, through transforms and pipes. */
function fieldNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in as z.ZodType);
  throw new Error('dashboardAction reads a form through an object schema (or a pipe from one).');
}

/**
 * A dashboard server action for a form (`useActionState`, or `action.bind(null, {})` for a plain
 * form): the session and `permission` (a redirect to sign-in, or an error page, as for any page),
 * the form read with `schema` (its field names are the object's keys), a refusal of the schema or
 * the handler (an AppError or ZodError it throws) answered with field errors and the values sent,
 * then the revalidation. Every answer counts in `submission`, so a form keyed on it remounts.
 */
export function dashboardAction<Schema extends z.ZodType, State extends FormState = FormState>(
  permission: Permission,
  schema: Schema,
  handler: (input: z.output<Schema>, context: DashboardActionContext) => Promise<State>,
  options: DashboardActionOptions<z.output<Schema>> = {},
): (previous: State, formData: FormData) => Promise<State> {
  const fields = fieldNames(schema);
  return async (previous, formData) => {
    const membership = await requireMembership(permission);
    const submission = (previous?.submission ?? 0) + 1;
    const values = formValues(formData, fields);
    const rules = {
      fields,
      ...(typeof options.errors === 'function' ? options.errors(values) : options.errors),
    };
    const refill = options.refill ? formValues(formData, [...options.refill]) : values;
    const parsed = schema.safeParse(values);
    if (!parsed.success) return { ...formErrors(parsed.error, rules), values: refill, submission } as State;
    let state: State;
    try {
      state = await handler(parsed.data, { ...membership, db: await getDb(), values });
    } catch (error) {
      return { ...formErrors(error, rules), values: refill, submission } as State;
    }
    const paths =
      typeof options.revalidate === 'function' ? options.revalidate(parsed.data) : options.revalidate;
    for (const path of paths ?? []) {
      if (typeof path === 'string') revalidatePath(path);
      else revalidatePath(path[0], path[1]);
    }
    if (options.redirect) redirect(options.redirect);
    return { ...state, submission };
  };
}
