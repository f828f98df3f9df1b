// How a dashboard form's text becomes an API body: pure schemas, no session or request, so form
// modules and their tests load nothing of next-auth (dashboard-action.ts re-exports them).
import { z } from 'zod';

/**
 * A form's fields as the text they arrive as, for a schema that shapes them into an API body:
 * `textFields(['name', 'parent']).transform(…).pipe(createCategoryBodySchema)`. The `lists` are
 * multi-value fields (a checkbox group), read as every value sent.
 */
export function textFields<const Name extends string, const List extends string = never>(
  names: readonly Name[],
  lists: readonly List[] = [],
) {
  return z.object({
    ...(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<Name, z.ZodString>),
    ...(Object.fromEntries(lists.map((name) => [name, z.array(z.string())])) as Record<
      List,
      z.ZodArray<z.ZodString>
    >),
  });
}

/**
 * A form whose own checks of the text as typed (a blank input in the form's words, a price) come
 * before the API's schema: `toBody` shapes the values into the API's body, `body` checks it, and the
 * problems of both come back together, the form's own (a message by input, undefined for none)
 * first on their input.
 */
export function checkedBody<Form extends z.ZodObject, Body extends z.ZodType>(
  form: Form,
  toBody: (values: z.output<Form>) => unknown,
  body: Body,
  ownProblems: (values: z.output<Form>) => Record<string, string | undefined>,
) {
  return form.transform((values, context): z.output<Body> => {
    const own = Object.entries(ownProblems(values)).filter(([, message]) => message !== undefined);
    for (const [field, message] of own) context.addIssue({ code: 'custom', message, path: [field] });
    const parsed = body.safeParse(toBody(values));
    if (parsed.success && own.length === 0) return parsed.data;
    for (const issue of parsed.error?.issues ?? []) context.addIssue({ ...issue });
    return z.NEVER;
  });
}
