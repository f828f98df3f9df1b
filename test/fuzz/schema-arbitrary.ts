// Values a JSON Schema (OpenAPI 3.1) accepts, as fast-check arbitraries: the "valid" half of the
// fuzzer. Strings and arrays are kept short; hostile sizes come from hostile.ts.
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export type Resolve = (ref: string) => JsonSchema;

const emails = ['ada@example.com', 'grace.hopper@example.org', 'x+tag@sub.example.co'];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.constantFrom(...emails);
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] });
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity));
  }
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
  if (integer) {
    const low = Math.max(min, Number.MIN_SAFE_INTEGER);
    const high = Math.min(max, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min: low, max: Math.min(high, low + 1000) }), fc.constantFrom(low, high));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values `schema` accepts (as far as the schema alone says). */
export function arbitraryFor(schema: JsonSchema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryFor(resolve(schema.$ref), resolve, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((member) => arbitraryFor(member, resolve, depth)));
  if (schema.allOf) return arbitraryFor(Object.assign({}, ...schema.allOf), resolve, depth);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryFor({ ...schema, type }, resolve, depth)));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(arbitraryFor(schema.items ?? {}, resolve, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, resolve, depth);
  }
  if (schema.properties) return objectArbitrary(schema, resolve, depth);
  return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
}

function objectArbitrary(schema: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  if (!schema.properties && typeof schema.additionalProperties === 'object') {
    return fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/),
      arbitraryFor(schema.additionalProperties, resolve, depth + 1),
      { maxKeys: 4 },
    );
  }
  const properties = schema.properties ?? {};
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        arbitraryFor(property, resolve, depth + 1),
      ]),
    ),
    { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
  );
}
