// CMS field definitions: what a schema field may say, and what a whole collection schema may hold.
import { describe, expect, it } from 'vitest';
import {
  collectionSchemaSchema,
  FIELD_NAME_PATTERN,
  fieldLabel,
  fieldTypes,
  humanize,
  MAX_SCHEMA_FIELDS,
  schemaFieldSchema,
  searchableTypes,
  uniqueCapableTypes,
} from './fields';

/** The smallest valid definition of each type. */
const minimal: Record<(typeof fieldTypes)[number], Record<string, unknown>> = {
  text: { name: 'f', type: 'text' },
  longtext: { name: 'f', type: 'longtext' },
  richtext: { name: 'f', type: 'richtext' },
  number: { name: 'f', type: 'number' },
  boolean: { name: 'f', type: 'boolean' },
  select: { name: 'f', type: 'select', options: ['a', 'b'] },
  multi_select: { name: 'f', type: 'multi_select', options: ['a', 'b'] },
  date: { name: 'f', type: 'date' },
  datetime: { name: 'f', type: 'datetime' },
  email: { name: 'f', type: 'email' },
  url: { name: 'f', type: 'url' },
  image: { name: 'f', type: 'image' },
  asset: { name: 'f', type: 'asset' },
  reference: { name: 'f', type: 'reference', to: 'jobs' },
};

const UNKNOWN_TYPE =
  'Unknown field type; expected one of: text, longtext, richtext, number, boolean, select, multi_select, date, datetime, email, url, image, asset, reference';
const NAME_RULE = 'Use a lowercase letter, then up to 63 lowercase letters, digits or `_` (e.g. `job_title`)';

function issuesOf(input: unknown) {
  const result = schemaFieldSchema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return result.error.issues.map(({ code, path, message }) => ({ code, path, message }));
}

describe('schemaFieldSchema', () => {
  it('lists the fourteen field types', () => {
    expect(fieldTypes).toEqual([
      'text',
      'longtext',
      'richtext',
      'number',
      'boolean',
      'select',
      'multi_select',
      'date',
      'datetime',
      'email',
      'url',
      'image',
      'asset',
      'reference',
    ]);
    expect(Object.keys(minimal).sort()).toEqual([...fieldTypes].sort());
  });

  it.each(fieldTypes)('accepts a minimal %s field and fills in required/unique = false', (type) => {
    const extra = type === 'number' ? { integer: false } : {};
    expect(schemaFieldSchema.parse(minimal[type])).toEqual({
      ...minimal[type],
      required: false,
      unique: false,
      ...extra,
    });
  });

  it('keeps every setting of a full definition, trimming label and description', () => {
    expect(
      schemaFieldSchema.parse({
        name: 'job_title',
        type: 'text',
        label: '  Job title  ',
        description: ' Shown on the card. ',
        required: true,
        unique: true,
        default: 'Engineer',
        max_length: 80,
      }),
    ).toEqual({
      name: 'job_title',
      type: 'text',
      label: 'Job title',
      description: 'Shown on the card.',
      required: true,
      unique: true,
      default: 'Engineer',
      max_length: 80,
    });
  });

  it('keeps the type-specific settings of number, multi_select and reference', () => {
    expect(
      schemaFieldSchema.parse({ name: 'salary', type: 'number', min: -1.5, max: 1e6, integer: true }),
    ).toEqual({
      name: 'salary',
      type: 'number',
      min: -1.5,
      max: 1e6,
      integer: true,
      required: false,
      unique: false,
    });
    expect(
      schemaFieldSchema.parse({ name: 'tags', type: 'multi_select', options: [' a ', 'b'], min: 0, max: 2 }),
    ).toEqual({
      name: 'tags',
      type: 'multi_select',
      options: ['a', 'b'],
      min: 0,
      max: 2,
      required: false,
      unique: false,
    });
    expect(schemaFieldSchema.parse({ name: 'team', type: 'reference', to: 'team-members' })).toMatchObject({
      to: 'team-members',
    });
  });

  it('drops keys that belong to another type or to no type', () => {
    const parsed = schemaFieldSchema.parse({
      name: 'title',
      type: 'text',
      options: ['a'],
      min: 1,
      integer: true,
      to: 'jobs',
      color: 'red',
    });
    expect(parsed).toEqual({ name: 'title', type: 'text', required: false, unique: false });
  });

  it('passes any default through untouched (the item validator checks it)', () => {
    expect(schemaFieldSchema.parse({ name: 'n', type: 'number', default: 'not a number' })).toMatchObject({
      default: 'not a number',
    });
    expect(schemaFieldSchema.parse({ name: 'n', type: 'number' })).not.toHaveProperty('default');
  });

  describe('field names', () => {
    it.each(['a', 'title', 'job_title', 'salary_2', 'a_', `a${'b'.repeat(63)}`])('accepts %s', (name) => {
      expect(FIELD_NAME_PATTERN.test(name)).toBe(true);
      expect(schemaFieldSchema.parse({ name, type: 'text' }).name).toBe(name);
    });

    it.each([
      ['empty', ''],
      ['uppercase', 'Title'],
      ['camelCase', 'jobTitle'],
      ['leading digit', '1st'],
      ['leading underscore', '_title'],
      ['hyphen', 'job-title'],
      ['space', 'job title'],
      ['surrounding spaces', ' title '],
      ['accent', 'café'],
      ['65 characters', `a${'b'.repeat(64)}`],
    ])('refuses a name with %s', (_, name) => {
      expect(issuesOf({ name, type: 'text' })).toEqual([
        { code: 'invalid_format', path: ['name'], message: NAME_RULE },
      ]);
    });

    it.each([
      ['missing', undefined],
      ['a number', 5],
      ['null', null],
    ])('asks for a name when it is %s', (_, name) => {
      expect(issuesOf({ name, type: 'text' })).toEqual([
        { code: 'invalid_type', path: ['name'], message: 'A field name is required' },
      ]);
    });
  });

  describe('refuses', () => {
    it.each([
      ['an unknown type', { name: 'f', type: 'color' }, ['type']],
      ['a missing type', { name: 'f' }, ['type']],
      ['a type in another case', { name: 'f', type: 'Text' }, ['type']],
    ])('%s, naming every type', (_, input, path) => {
      expect(issuesOf(input)).toEqual([{ code: 'invalid_union', path, message: UNKNOWN_TYPE }]);
    });

    it.each([null, 'text', 5, []])('a definition that is not an object: %j', (input) => {
      expect(issuesOf(input)).toMatchObject([{ code: 'invalid_type', path: [] }]);
    });

    it.each<[string, Record<string, unknown>, (string | number)[], RegExp]>([
      ['a label over 120 characters', { label: 'x'.repeat(121) }, ['label'], /at most 120/],
      ['a description over 500 characters', { description: 'x'.repeat(501) }, ['description'], /at most 500/],
      ['a non-boolean required', { required: 'yes' }, ['required'], /boolean/],
      ['a non-boolean unique', { unique: 1 }, ['unique'], /boolean/],
      ['a non-string label', { label: 5 }, ['label'], /string/],
    ])('%s', (_, extra, path, message) => {
      const issues = issuesOf({ name: 'f', type: 'text', ...extra });
      expect(issues).toHaveLength(1);
      expect(issues[0]!.path).toEqual(path);
      expect(issues[0]!.message).toMatch(message);
    });

    it('label and description limits apply after trimming', () => {
      expect(
        schemaFieldSchema.parse({
          name: 'f',
          type: 'text',
          label: ` ${'x'.repeat(120)} `,
          description: ` ${'y'.repeat(500)} `,
        }),
      ).toMatchObject({ label: 'x'.repeat(120), description: 'y'.repeat(500) });
    });
  });

  describe('max_length', () => {
    it.each([
      ['text', 2_000],
      ['longtext', 100_000],
      ['richtext', 100_000],
    ])('%s accepts 1 up to its ceiling %i', (type, ceiling) => {
      expect(schemaFieldSchema.parse({ name: 'f', type, max_length: 1 })).toMatchObject({ max_length: 1 });
      expect(schemaFieldSchema.parse({ name: 'f', type, max_length: ceiling })).toMatchObject({
        max_length: ceiling,
      });
    });

    it.each<[string, unknown, string]>([
      ['text', 0, 'Must be at least 1'],
      ['text', -5, 'Must be at least 1'],
      ['text', 2_001, 'Must be at most 2000'],
      ['text', 1.5, 'Expected an integer'],
      ['longtext', 100_001, 'Must be at most 100000'],
      ['richtext', 100_001, 'Must be at most 100000'],
      ['richtext', 0, 'Must be at least 1'],
    ])('%s refuses %j: %s', (type, max_length, message) => {
      expect(issuesOf({ name: 'f', type, max_length })).toEqual([
        expect.objectContaining({ path: ['max_length'], message }),
      ]);
    });

    it('refuses a string max_length', () => {
      expect(issuesOf({ name: 'f', type: 'text', max_length: '10' })).toMatchObject([
        { code: 'invalid_type', path: ['max_length'] },
      ]);
    });
  });

  describe('options of select and multi_select', () => {
    it.each(['select', 'multi_select'])('%s trims options and accepts 200 of them', (type) => {
      const options = Array.from({ length: 200 }, (_, i) => `option ${i}`);
      expect(schemaFieldSchema.parse({ name: 'f', type, options })).toMatchObject({ options });
      expect(
        schemaFieldSchema.parse({ name: 'f', type, options: ['  Full time ', 'Part time'] }),
      ).toMatchObject({
        options: ['Full time', 'Part time'],
      });
    });

    it.each<[string, unknown, (string | number)[], RegExp]>([
      ['missing', undefined, ['options'], /expected array/],
      ['empty', [], ['options'], /^List at least one option$/],
      ['an empty option', ['a', ''], ['options', 1], /^An option cannot be empty$/],
      ['a blank option', ['   '], ['options', 0], /^An option cannot be empty$/],
      ['an option over 200 characters', ['x'.repeat(201)], ['options', 0], /200/],
      ['a non-string option', ['a', 2], ['options', 1], /expected string/],
      ['repeated options', ['a', 'b', 'a'], ['options'], /^Options must be distinct$/],
      ['options equal once trimmed', ['a', ' a '], ['options'], /^Options must be distinct$/],
      ['201 options', Array.from({ length: 201 }, (_, i) => `o${i}`), ['options'], /^At most 200 options$/],
    ])('refuses options that are %s', (_, options, path, message) => {
      for (const type of ['select', 'multi_select']) {
        const issues = issuesOf({ name: 'f', type, options });
        expect(issues).toHaveLength(1);
        expect(issues[0]!.path).toEqual(path);
        expect(issues[0]!.message).toMatch(message);
      }
    });
  });

  describe('min and max', () => {
    it.each([
      ['number', { min: 5, max: 5 }],
      ['number', { min: -10, max: -1 }],
      ['number', { min: 3 }],
      ['number', { max: -3 }],
      ['multi_select', { min: 0, max: 1 }],
      ['multi_select', { min: 2, max: 2 }],
    ])('%s accepts %j', (type, bounds) => {
      expect(schemaFieldSchema.parse({ name: 'f', type, options: ['a', 'b'], ...bounds })).toMatchObject(
        bounds,
      );
    });

    it.each([
      ['number', { min: 5, max: 4.99 }],
      ['number', { min: 0, max: -1 }],
      ['multi_select', { min: 3, max: 2 }],
    ])('%s refuses min above max %j, on max', (type, bounds) => {
      expect(issuesOf({ name: 'f', type, options: ['a', 'b', 'c'], ...bounds })).toEqual([
        { code: 'custom', path: ['max'], message: 'Must not be below `min`' },
      ]);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['number', { min: Number.POSITIVE_INFINITY }, 'min'],
      ['number', { max: Number.NEGATIVE_INFINITY }, 'max'],
      ['number', { min: Number.NaN }, 'min'],
      ['number', { max: '10' }, 'max'],
      ['number', { integer: 'yes' }, 'integer'],
      ['multi_select', { min: -1 }, 'min'],
      ['multi_select', { min: 1.5 }, 'min'],
      ['multi_select', { max: 0 }, 'max'],
      ['multi_select', { max: 2.5 }, 'max'],
    ])('%s refuses %j', (type, bounds, key) => {
      const issues = issuesOf({ name: 'f', type, options: ['a', 'b'], ...bounds });
      expect(issues).toHaveLength(1);
      expect(issues[0]!.path).toEqual([key]);
    });
  });

  describe('unique', () => {
    const capable = [
      'text',
      'number',
      'select',
      'date',
      'datetime',
      'email',
      'url',
      'image',
      'asset',
      'reference',
    ];
    const incapable = ['longtext', 'richtext', 'boolean', 'multi_select'];

    it('splits the types into those that can be unique and those that cannot', () => {
      expect([...uniqueCapableTypes].sort()).toEqual([...capable].sort());
      expect([...capable, ...incapable].sort()).toEqual([...fieldTypes].sort());
    });

    it.each(capable)('a %s field may be unique', (type) => {
      expect(schemaFieldSchema.parse({ ...minimal[type as keyof typeof minimal], unique: true }).unique).toBe(
        true,
      );
    });

    it.each(incapable)('a %s field may not be unique', (type) => {
      expect(issuesOf({ ...minimal[type as keyof typeof minimal], unique: true })).toEqual([
        { code: 'custom', path: ['unique'], message: `A ${type} field cannot be unique` },
      ]);
    });

    it.each(incapable)('a %s field may say unique: false', (type) => {
      expect(
        schemaFieldSchema.parse({ ...minimal[type as keyof typeof minimal], unique: false }).unique,
      ).toBe(false);
    });
  });

  describe('reference targets', () => {
    it.each(['jobs', 'people', 'team-members', 'case_studies', 'a1'])('accepts %s', (to) => {
      expect(schemaFieldSchema.parse({ name: 'f', type: 'reference', to })).toMatchObject({ to });
    });

    it('asks for a target when there is none', () => {
      expect(issuesOf({ name: 'f', type: 'reference' })).toEqual([
        {
          code: 'invalid_type',
          path: ['to'],
          message: 'Name what the field points at: `jobs` or a collection slug',
        },
      ]);
    });

    it.each(['', 'Jobs', '1people', '-people', 'team members', 'people/1', `a${'b'.repeat(64)}`])(
      'refuses %j',
      (to) => {
        expect(issuesOf({ name: 'f', type: 'reference', to })).toEqual([
          { code: 'invalid_format', path: ['to'], message: 'Expected `jobs` or a collection slug' },
        ]);
      },
    );
  });
});

describe('collectionSchemaSchema', () => {
  const textField = (name: string) => ({ name, type: 'text' });

  it('accepts an empty schema', () => {
    expect(collectionSchemaSchema.parse([])).toEqual([]);
  });

  it(`accepts ${MAX_SCHEMA_FIELDS} fields and parses each one`, () => {
    const fields = Array.from({ length: MAX_SCHEMA_FIELDS }, (_, i) => textField(`f${i}`));
    const parsed = collectionSchemaSchema.parse(fields);
    expect(parsed).toHaveLength(40);
    expect(parsed[39]).toEqual({ name: 'f39', type: 'text', required: false, unique: false });
  });

  it('refuses 41 fields', () => {
    const result = collectionSchemaSchema.safeParse(Array.from({ length: 41 }, (_, i) => textField(`f${i}`)));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'too_big', path: [], message: 'A schema holds at most 40 fields' }),
    ]);
  });

  it('refuses a schema that is not a list', () => {
    expect(collectionSchemaSchema.safeParse({ title: { type: 'text' } }).error?.issues).toMatchObject([
      { code: 'invalid_type', path: [] },
    ]);
  });

  it('reports a repeated name on the repeat, naming the first field, whatever the types', () => {
    const result = collectionSchemaSchema.safeParse([
      textField('title'),
      textField('body'),
      { name: 'title', type: 'number' },
      textField('title'),
      textField('body'),
    ]);
    expect(result.error?.issues.map(({ code, path, message }) => ({ code, path, message }))).toEqual([
      {
        code: 'custom',
        path: [2, 'name'],
        message: "'title' is already the name of an earlier field; field names must be unique",
      },
      {
        code: 'custom',
        path: [3, 'name'],
        message: "'title' is already the name of an earlier field; field names must be unique",
      },
      {
        code: 'custom',
        path: [4, 'name'],
        message: "'body' is already the name of an earlier field; field names must be unique",
      },
    ]);
  });

  it('places the problems of one field under its index', () => {
    const result = collectionSchemaSchema.safeParse([
      textField('title'),
      { name: 'kind', type: 'select', options: [] },
      { name: 'Bad', type: 'text' },
    ]);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: [1, 'options'], message: 'List at least one option' },
      { path: [2, 'name'], message: NAME_RULE },
    ]);
  });
});

describe('humanize and fieldLabel', () => {
  it.each([
    ['title', 'Title'],
    ['job_title', 'Job title'],
    ['a', 'A'],
    ['salary_max_2', 'Salary max 2'],
    ['x__y', 'X y'],
    ['trailing_', 'Trailing'],
    ['remote_ok_', 'Remote ok'],
    ['', ''],
  ])('humanize(%j) is %j', (name, label) => {
    expect(humanize(name)).toBe(label);
  });

  it('uses the label when there is one, the humanized name otherwise', () => {
    expect(fieldLabel({ name: 'job_title', label: 'Role' })).toBe('Role');
    expect(fieldLabel({ name: 'job_title', label: '' })).toBe('Job title');
    expect(fieldLabel({ name: 'job_title' })).toBe('Job title');
  });
});

describe('searchableTypes', () => {
  it('holds the types whose values are text', () => {
    expect([...searchableTypes].sort()).toEqual([
      'email',
      'longtext',
      'multi_select',
      'richtext',
      'select',
      'text',
      'url',
    ]);
  });
});

describe('multi_select picks', () => {
  it('refuses a minimum above the number of options', () => {
    expect(issuesOf({ name: 'f', type: 'multi_select', options: ['a', 'b'], min: 3 })).toEqual([
      { code: 'custom', path: ['min'], message: 'Only 2 options to pick from' },
    ]);
  });
});
