// Where a validation problem shows in the builder: next to a collection setting, on a field card, or on top.

/** A problem as zod reports it in the browser and as the API's `details` carry it. */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Collection-level inputs that show their own message. */
export const collectionErrorKeys = [
  'name',
  'slug',
  'description',
  'schema',
  'visibility',
  'required_entitlement',
  'allow_public_submit',
  'moderation',
  'sort_by',
  'sort_dir',
] as const;
export type CollectionErrorKey = (typeof collectionErrorKeys)[number];

/** Inputs of a field card that show their own message; `field` is the card as a whole. */
export const fieldErrorKeys = [
  'name',
  'label',
  'description',
  'type',
  'required',
  'unique',
  'default',
  'max_length',
  'min',
  'max',
  'integer',
  'options',
  'to',
  'field',
] as const;
export type FieldErrorKey = (typeof fieldErrorKeys)[number];

export interface BuilderErrors {
  collection: Partial<Record<CollectionErrorKey, string>>;
  /** By field card key. */
  fields: Record<string, Partial<Record<FieldErrorKey, string>>>;
  /** Problems with no input of their own. */
  other: string[];
}

export const noErrors: BuilderErrors = { collection: {}, fields: {}, other: [] };

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * Places each issue: `['schema', 2, 'options', 0]` on the options of the third card, `['rules', 'sort_by']`
 * next to "Default sort". `keys` are the card keys in the order the body listed the fields. The first
 * message per place wins.
 */
export function placeIssues(issues: readonly Issue[], keys: readonly string[]): BuilderErrors {
  const errors: BuilderErrors = { collection: {}, fields: {}, other: [] };
  for (const { path, message } of issues) {
    const [head, index, part] = path[0] === 'rules' ? path.slice(1) : path;
    const key = head === 'schema' && typeof index === 'number' ? keys[index] : undefined;
    if (key !== undefined) {
      const place = isOneOf(fieldErrorKeys, part) ? part : 'field';
      errors.fields[key] ??= {};
      errors.fields[key][place] ??= message;
    } else if (isOneOf(collectionErrorKeys, head)) {
      errors.collection[head] ??= message;
    } else if (!errors.other.includes(message)) {
      errors.other.push(message);
    }
  }
  return errors;
}

export const hasErrors = (errors: BuilderErrors) =>
  errors.other.length > 0 ||
  Object.keys(errors.collection).length > 0 ||
  Object.keys(errors.fields).length > 0;

/** How many cards have a problem: the summary above the list says so. */
export const fieldsWithErrors = (errors: BuilderErrors) => Object.keys(errors.fields).length;
