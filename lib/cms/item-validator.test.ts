// Item validation against a collection schema: values, "no value", defaults, rich text, error details and
// the checks left to the database.
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { validationErrorOf as errorFromDetails, type ValidationDetail } from '@/lib/core/validation';
import { cdnBaseUrl } from '@/lib/media/urls';
import { type SchemaField, type SchemaFieldInput, schemaFieldSchema } from './fields';
import { compileSchema, isNoValue, normalizeDefault, validateItemData, valueSchema } from './item-validator';

const ASSET_ID = '3f1c2b8e-9a4d-4c1e-8f2a-1b2c3d4e5f60';
const JOB_ID = '0b6f4a52-2c3e-4f0a-9d1b-7e8c9a0b1c2d';
const ITEM_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const field = (input: Record<string, unknown>): SchemaField => schemaFieldSchema.parse(input);

let compiledCount = 0;
/** Each call compiles under a key of its own: the cache is module-wide and shared with other test files. */
function compile(...inputs: Record<string, unknown>[]) {
  compiledCount += 1;
  return compileSchema(`item-validator-test:${compiledCount}`, inputs.map(field));
}

/** Validates `{ f: value }` against one field named `f`. */
const validateOne = (definition: Record<string, unknown>, value: unknown) =>
  validateItemData(compile({ name: 'f', ...definition }), { f: value });

function validationErrorOf(run: () => unknown): AppError & { details: ValidationDetail[] } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const apiError = error as AppError;
    expect(apiError.code).toBe('validation_error');
    expect(apiError.status).toBe(400);
    return apiError as AppError & { details: ValidationDetail[] };
  }
  throw new Error('expected a validation_error');
}

const detailsOf = (run: () => unknown) =>
  validationErrorOf(run).details.map(({ path, code, message }) => ({ path, code, message }));

describe('isNoValue', () => {
  it.each<[unknown, boolean]>([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    ['\n\t ', true],
    [[], true],
    [0, false],
    [false, false],
    ['0', false],
    [' x ', false],
    [[''], false],
    [{}, false],
    [Number.NaN, false],
  ])('%j → %s', (value, expected) => {
    expect(isNoValue(value)).toBe(expected);
  });
});

describe('values accepted, as stored', () => {
  it.each<[string, Record<string, unknown>, unknown, unknown]>([
    ['text is trimmed', { type: 'text' }, '  Engineer  ', 'Engineer'],
    ['text of 255 characters', { type: 'text' }, 'x'.repeat(255), 'x'.repeat(255)],
    ['text within max_length once trimmed', { type: 'text', max_length: 3 }, ' abc ', 'abc'],
    [
      'text up to a raised max_length',
      { type: 'text', max_length: 2_000 },
      'x'.repeat(2_000),
      'x'.repeat(2_000),
    ],
    ['longtext keeps inner newlines', { type: 'longtext' }, ' one\ntwo ', 'one\ntwo'],
    ['longtext of 10000 characters', { type: 'longtext' }, 'y'.repeat(10_000), 'y'.repeat(10_000)],
    ['number', { type: 'number' }, -3.5, -3.5],
    ['zero', { type: 'number' }, 0, 0],
    ['number text', { type: 'number' }, '12', 12],
    ['number text with spaces', { type: 'number' }, ' 12 ', 12],
    ['signed number text', { type: 'number' }, '+7', 7],
    ['negative decimal text', { type: 'number' }, '-0.25', -0.25],
    ['exponent text', { type: 'number' }, '1e3', 1000],
    ['leading-dot text', { type: 'number' }, '.5', 0.5],
    ['trailing-dot text', { type: 'number' }, '5.', 5],
    ['whole number', { type: 'number', integer: true }, 4, 4],
    ['whole number text', { type: 'number', integer: true }, '4.0', 4],
    ['number at min', { type: 'number', min: 1, max: 10 }, 1, 1],
    ['number at max', { type: 'number', min: 1, max: 10 }, '10', 10],
    ['true', { type: 'boolean' }, true, true],
    ['false', { type: 'boolean' }, false, false],
    ['"true"', { type: 'boolean' }, 'true', true],
    ['"false"', { type: 'boolean' }, 'false', false],
    ['an option', { type: 'select', options: ['full_time', 'Part time'] }, 'Part time', 'Part time'],
    [
      'options, repeats removed in order',
      { type: 'multi_select', options: ['a', 'b', 'c'] },
      ['b', 'a', 'b'],
      ['b', 'a'],
    ],
    [
      'as many picks as min once deduplicated',
      { type: 'multi_select', options: ['a', 'b'], min: 2 },
      ['a', 'b', 'a'],
      ['a', 'b'],
    ],
    [
      'repeats do not count against max',
      { type: 'multi_select', options: ['a', 'b'], max: 1 },
      ['a', 'a'],
      ['a'],
    ],
    ['a leap day', { type: 'date' }, '2024-02-29', '2024-02-29'],
    ['a date with spaces', { type: 'date' }, ' 2024-01-31 ', '2024-01-31'],
    ['a date of the last century', { type: 'date' }, '1999-12-31', '1999-12-31'],
    ['a UTC datetime', { type: 'datetime' }, '2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000Z'],
    ['a datetime with offset', { type: 'datetime' }, '2024-05-01T10:00:00+02:00', '2024-05-01T08:00:00.000Z'],
    [
      'a datetime crossing the year',
      { type: 'datetime' },
      '2024-12-31T23:30:00-01:00',
      '2025-01-01T00:30:00.000Z',
    ],
    ['a datetime with fraction', { type: 'datetime' }, '2024-05-01T10:00:00.5Z', '2024-05-01T10:00:00.500Z'],
    ['a datetime with spaces', { type: 'datetime' }, ' 2024-05-01T10:00:00Z ', '2024-05-01T10:00:00.000Z'],
    ['an email, trimmed, case kept', { type: 'email' }, ' Ada@Example.com ', 'Ada@Example.com'],
    ['an https URL, trimmed', { type: 'url' }, ' https://example.com/a?b=1 ', 'https://example.com/a?b=1'],
    ['an http URL with port', { type: 'url' }, 'http://localhost:3000/x', 'http://localhost:3000/x'],
    [
      'an image URL',
      { type: 'image' },
      'https://cdn.example.com/logo.png',
      'https://cdn.example.com/logo.png',
    ],
    ['an asset id, trimmed', { type: 'asset' }, ` ${ASSET_ID} `, ASSET_ID],
    ['a job id', { type: 'reference', to: 'jobs' }, JOB_ID, JOB_ID],
    ['an item id', { type: 'reference', to: 'people' }, ITEM_ID, ITEM_ID],
  ])('%s', (_, definition, value, stored) => {
    const result = validateOne(definition, value);
    expect(result.data).toEqual({ f: stored });
    expect(result.warnings).toEqual([]);
  });
});

describe('values refused', () => {
  type Case = [
    string,
    Record<string, unknown>,
    unknown,
    { path: (string | number)[]; code: string; message: RegExp }[],
  ];
  const on = (code: string, message: RegExp, ...sub: (string | number)[]) => ({
    path: ['data', 'f', ...sub],
    code,
    message,
  });

  it.each<Case>([
    ['a number as text', { type: 'text' }, 5, [on('invalid_type', /^Expected text$/)]],
    ['an object as text', { type: 'text' }, { a: 1 }, [on('invalid_type', /^Expected text$/)]],
    [
      '256 characters of text',
      { type: 'text' },
      'x'.repeat(256),
      [on('too_big', /^Must be at most 255 characters$/)],
    ],
    [
      'text over max_length',
      { type: 'text', max_length: 3 },
      'abcd',
      [on('too_big', /^Must be at most 3 characters$/)],
    ],
    [
      '10001 characters of longtext',
      { type: 'longtext' },
      'y'.repeat(10_001),
      [on('too_big', /^Must be at most 10000 characters$/)],
    ],
    ['a word as number', { type: 'number' }, 'abc', [on('invalid_type', /^Expected a number$/)]],
    ['hex text as number', { type: 'number' }, '0x10', [on('invalid_type', /^Expected a number$/)]],
    ['a comma decimal', { type: 'number' }, '1,5', [on('invalid_type', /^Expected a number$/)]],
    ['a number with unit', { type: 'number' }, '12px', [on('invalid_type', /^Expected a number$/)]],
    ['"Infinity"', { type: 'number' }, 'Infinity', [on('invalid_type', /^Expected a number$/)]],
    ['an overflowing exponent', { type: 'number' }, '1e999', [on('invalid_type', /^Expected a number$/)]],
    ['Infinity', { type: 'number' }, Number.POSITIVE_INFINITY, [on('invalid_type', /^Expected a number$/)]],
    ['NaN', { type: 'number' }, Number.NaN, [on('invalid_type', /^Expected a number$/)]],
    ['a boolean as number', { type: 'number' }, true, [on('invalid_type', /^Expected a number$/)]],
    [
      'a fraction for a whole number',
      { type: 'number', integer: true },
      1.5,
      [on('custom', /^Expected a whole number$/)],
    ],
    ['a number below min', { type: 'number', min: 1 }, 0.99, [on('custom', /^Must be at least 1$/)]],
    ['a number above max', { type: 'number', max: 10 }, '11', [on('custom', /^Must be at most 10$/)]],
    [
      'a fraction below min of a whole number',
      { type: 'number', integer: true, min: 1 },
      0.5,
      [on('custom', /^Expected a whole number$/), on('custom', /^Must be at least 1$/)],
    ],
    ['"yes" as boolean', { type: 'boolean' }, 'yes', [on('invalid_type', /^Expected true or false$/)]],
    ['"TRUE" as boolean', { type: 'boolean' }, 'TRUE', [on('invalid_type', /^Expected true or false$/)]],
    ['1 as boolean', { type: 'boolean' }, 1, [on('invalid_type', /^Expected true or false$/)]],
    ['"on" as boolean', { type: 'boolean' }, 'on', [on('invalid_type', /^Expected true or false$/)]],
    [
      'an unknown option',
      { type: 'select', options: ['a', 'b'] },
      'c',
      [on('invalid_value', /^Expected one of: a, b$/)],
    ],
    [
      'an option in other case',
      { type: 'select', options: ['a', 'b'] },
      'A',
      [on('invalid_value', /^Expected one of: a, b$/)],
    ],
    [
      'a number for an option',
      { type: 'select', options: ['1', '2'] },
      1,
      [on('invalid_type', /^Expected one of: 1, 2$/)],
    ],
    [
      'one option instead of a list',
      { type: 'multi_select', options: ['a', 'b'] },
      'a',
      [on('invalid_type', /^Expected a list of options$/)],
    ],
    [
      'unknown options in a list, each at its index',
      { type: 'multi_select', options: ['a', 'b', 'c'] },
      ['a', 'z', 'q'],
      [
        on('invalid_value', /^Expected one of: a, b, c$/, 1),
        on('invalid_value', /^Expected one of: a, b, c$/, 2),
      ],
    ],
    [
      'too few picks once deduplicated',
      { type: 'multi_select', options: ['a', 'b'], min: 2 },
      ['a', 'a'],
      [on('custom', /^Pick at least 2$/)],
    ],
    [
      'too many picks',
      { type: 'multi_select', options: ['a', 'b', 'c'], max: 2 },
      ['a', 'b', 'c'],
      [on('custom', /^Pick at most 2$/)],
    ],
    [
      '29 February of a common year',
      { type: 'date' },
      '2023-02-29',
      [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)],
    ],
    ['31 April', { type: 'date' }, '2024-04-31', [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)]],
    ['month 13', { type: 'date' }, '2024-13-01', [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)]],
    ['month 0', { type: 'date' }, '2024-00-10', [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)]],
    ['day 0', { type: 'date' }, '2024-01-00', [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)]],
    [
      'a date without padding',
      { type: 'date' },
      '2024-1-01',
      [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)],
    ],
    ['a US date', { type: 'date' }, '01/02/2024', [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)]],
    [
      'a datetime as date',
      { type: 'date' },
      '2024-01-01T00:00:00Z',
      [on('custom', /^Expected a date \(YYYY-MM-DD\)$/)],
    ],
    [
      'a number as date',
      { type: 'date' },
      20240101,
      [on('invalid_type', /^Expected a date \(YYYY-MM-DD\)$/)],
    ],
    [
      'a date as datetime',
      { type: 'datetime' },
      '2024-05-01',
      [on('invalid_format', /^Expected an ISO 8601 date-time$/)],
    ],
    [
      'a datetime without offset',
      { type: 'datetime' },
      '2024-05-01T10:00:00',
      [on('invalid_format', /^Expected an ISO 8601 date-time$/)],
    ],
    [
      'a datetime on 29 February of a common year',
      { type: 'datetime' },
      '2023-02-29T10:00:00Z',
      [on('invalid_format', /^Expected an ISO 8601 date-time$/)],
    ],
    [
      'a datetime at hour 24',
      { type: 'datetime' },
      '2024-05-01T24:00:00Z',
      [on('invalid_format', /^Expected an ISO 8601 date-time$/)],
    ],
    [
      'a datetime with a space',
      { type: 'datetime' },
      '2024-05-01 10:00:00Z',
      [on('invalid_format', /^Expected an ISO 8601 date-time$/)],
    ],
    [
      'a word as datetime',
      { type: 'datetime' },
      'tomorrow',
      [on('invalid_format', /^Expected an ISO 8601 date-time$/)],
    ],
    [
      'a timestamp as datetime',
      { type: 'datetime' },
      1714557600000,
      [on('invalid_type', /^Expected an ISO 8601 date-time$/)],
    ],
    ['a word as email', { type: 'email' }, 'nope', [on('invalid_format', /^Expected an email address$/)]],
    [
      'an email without domain dot',
      { type: 'email' },
      'a@b',
      [on('invalid_format', /^Expected an email address$/)],
    ],
    [
      'an email with a space',
      { type: 'email' },
      'a b@c.co',
      [on('invalid_format', /^Expected an email address$/)],
    ],
    ['a number as email', { type: 'email' }, 5, [on('invalid_type', /^Expected an email address$/)]],
    ['an email over 320 characters', { type: 'email' }, `${'a'.repeat(330)}@b.co`, [on('too_big', /.+/)]],
    [
      'an ftp URL',
      { type: 'url' },
      'ftp://example.com/f',
      [on('invalid_format', /^Expected an http\(s\) URL$/)],
    ],
    [
      'a javascript: URL',
      { type: 'url' },
      'javascript:alert(1)',
      [on('invalid_format', /^Expected an http\(s\) URL$/)],
    ],
    [
      'a mailto: URL',
      { type: 'url' },
      'mailto:a@b.co',
      [on('invalid_format', /^Expected an http\(s\) URL$/)],
    ],
    [
      'a data: URL',
      { type: 'url' },
      'data:text/html,hi',
      [on('invalid_format', /^Expected an http\(s\) URL$/)],
    ],
    ['a bare host', { type: 'url' }, 'example.com', [on('invalid_format', /^Expected an http\(s\) URL$/)]],
    ['a relative URL', { type: 'url' }, '/jobs', [on('invalid_format', /^Expected an http\(s\) URL$/)]],
    [
      'a URL over 2048 characters',
      { type: 'url' },
      `https://example.com/${'a'.repeat(2_030)}`,
      [on('too_big', /^Must be at most 2048 characters$/)],
    ],
    ['a number as URL', { type: 'url' }, 5, [on('invalid_type', /^Expected a URL$/)]],
    [
      'an ftp image',
      { type: 'image' },
      'ftp://example.com/a.png',
      [on('invalid_format', /^Expected an http\(s\) URL$/)],
    ],
    [
      'a word as asset',
      { type: 'asset' },
      'logo.png',
      [on('invalid_format', /^Expected a media asset id \(UUID\)$/)],
    ],
    [
      'a number as asset',
      { type: 'asset' },
      42,
      [on('invalid_type', /^Expected a media asset id \(UUID\)$/)],
    ],
    [
      'a word as job',
      { type: 'reference', to: 'jobs' },
      'job-1',
      [on('invalid_format', /^Expected a job id \(UUID\)$/)],
    ],
    [
      'a word as item',
      { type: 'reference', to: 'people' },
      'ada',
      [on('invalid_format', /^Expected an item id \(UUID\) of 'people'$/)],
    ],
    [
      'a number as rich text',
      { type: 'richtext' },
      5,
      [on('invalid_union', /^Expected HTML text or a Tiptap JSON document$/)],
    ],
    [
      'a list as rich text',
      { type: 'richtext' },
      ['<p>x</p>'],
      [on('invalid_union', /^Expected HTML text or a Tiptap JSON document$/)],
    ],
    [
      'an object that is no document',
      { type: 'richtext' },
      { foo: 1 },
      [on('invalid_value', /Tiptap JSON document/)],
    ],
    [
      'a node that is not a doc',
      { type: 'richtext' },
      { type: 'paragraph' },
      [on('invalid_value', /Tiptap JSON document/)],
    ],
    [
      'a doc that breaks the schema',
      { type: 'richtext' },
      { type: 'doc', content: [{ type: 'text', text: 'loose' }] },
      [on('invalid_value', /does not fit the document schema/)],
    ],
  ])('%s', (_, definition, value, expected) => {
    const details = detailsOf(() => validateOne(definition, value));
    expect(details).toHaveLength(expected.length);
    details.forEach((detail, index) => {
      expect(detail.path).toEqual(expected[index]!.path);
      expect(detail.code).toBe(expected[index]!.code);
      expect(detail.message).toMatch(expected[index]!.message);
    });
  });
});

describe('no value', () => {
  const noValues: [string, unknown][] = [
    ['missing', undefined],
    ['null', null],
    ['empty text', ''],
    ['blank text', '  \n '],
    ['an empty list', []],
  ];

  it.each(noValues)('%s leaves an optional field out of the data', (_, value) => {
    const compiled = compile(
      { name: 'title', type: 'text' },
      { name: 'tags', type: 'multi_select', options: ['a'], min: 1 },
      { name: 'salary', type: 'number' },
      { name: 'body', type: 'richtext' },
    );
    const input = value === undefined ? {} : { title: value, tags: value, salary: value, body: value };
    expect(validateItemData(compiled, input)).toEqual({
      data: {},
      searchText: '',
      warnings: [],
      pending: { assets: [], references: [], unique: [] },
    });
  });

  it.each(noValues)('%s fails a required field, named by its label', (_, value) => {
    const compiled = compile(
      { name: 'job_title', type: 'text', required: true },
      { name: 'tags', type: 'multi_select', options: ['a'], required: true, label: 'Skills' },
    );
    const input = value === undefined ? {} : { job_title: value, tags: value };
    expect(validationErrorOf(() => validateItemData(compiled, input)).details).toEqual([
      {
        location: 'body',
        field: 'data.job_title',
        path: ['data', 'job_title'],
        code: 'required',
        message: "'Job title' is required",
      },
      {
        location: 'body',
        field: 'data.tags',
        path: ['data', 'tags'],
        code: 'required',
        message: "'Skills' is required",
      },
    ]);
  });

  it('false and 0 are values: they satisfy required', () => {
    const compiled = compile(
      { name: 'remote', type: 'boolean', required: true },
      { name: 'openings', type: 'number', required: true },
      { name: 'code', type: 'text', required: true },
    );
    expect(validateItemData(compiled, { remote: false, openings: 0, code: '0' }).data).toEqual({
      remote: false,
      openings: 0,
      code: '0',
    });
    expect(validateItemData(compiled, { remote: 'false', openings: '0', code: '0' }).data).toEqual({
      remote: false,
      openings: 0,
      code: '0',
    });
  });
});

describe('defaults', () => {
  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
    ['blank', ' '],
    ['an empty list', []],
  ])('fill fields whose value is %s, normalized like a value', (_, value) => {
    const compiled = compile(
      { name: 'status', type: 'select', options: ['open', 'closed'], required: true, default: 'open' },
      { name: 'title', type: 'text', default: '  Untitled ' },
      { name: 'openings', type: 'number', default: '3' },
      { name: 'remote', type: 'boolean', default: 'false' },
      { name: 'tags', type: 'multi_select', options: ['a', 'b'], default: ['a', 'a'] },
      { name: 'starts_at', type: 'datetime', default: '2024-05-01T10:00:00+02:00' },
    );
    const names = ['status', 'title', 'openings', 'remote', 'tags', 'starts_at'];
    const input = value === undefined ? {} : Object.fromEntries(names.map((name) => [name, value]));
    expect(validateItemData(compiled, input).data).toEqual({
      status: 'open',
      title: 'Untitled',
      openings: 3,
      remote: false,
      tags: ['a'],
      starts_at: '2024-05-01T08:00:00.000Z',
    });
  });

  it('do not replace a value that was sent, even false or 0', () => {
    const compiled = compile(
      { name: 'status', type: 'select', options: ['open', 'closed'], default: 'open' },
      { name: 'remote', type: 'boolean', default: true },
      { name: 'openings', type: 'number', default: 1 },
    );
    expect(validateItemData(compiled, { status: 'closed', remote: false, openings: 0 }).data).toEqual({
      status: 'closed',
      remote: false,
      openings: 0,
    });
  });

  it('an invalid default is reported on the field', () => {
    const compiled = compile({ name: 'status', type: 'select', options: ['open'], default: 'draft' });
    expect(detailsOf(() => validateItemData(compiled, {}))).toEqual([
      { path: ['data', 'status'], code: 'invalid_value', message: 'Expected one of: open' },
    ]);
  });

  it('a rich text default goes through the content pipeline', () => {
    const compiled = compile({ name: 'body', type: 'richtext', default: '<p>To be <em>announced</em></p>' });
    const result = validateItemData(compiled, {});
    expect(result.data).toEqual({
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            attrs: { textAlign: null },
            content: [
              { type: 'text', text: 'To be ' },
              { type: 'text', marks: [{ type: 'italic' }], text: 'announced' },
            ],
          },
        ],
      },
    });
    expect(result.searchText).toBe('To be announced');
  });
});

describe('unknown keys', () => {
  it('are dropped, each with a warning, in input order', () => {
    const compiled = compile({ name: 'title', type: 'text' });
    const input = { salary: 5, title: 'Engineer', Title: 'x', constructor: 'y' };
    const result = validateItemData(compiled, input);
    expect(result.data).toEqual({ title: 'Engineer' });
    expect(result.warnings).toEqual([
      "Unknown field 'salary' was dropped.",
      "Unknown field 'Title' was dropped.",
      "Unknown field 'constructor' was dropped.",
    ]);
  });

  it('do not stop the known fields from failing', () => {
    const compiled = compile({ name: 'title', type: 'text', required: true });
    expect(detailsOf(() => validateItemData(compiled, { titel: 'Engineer' }))).toEqual([
      { path: ['data', 'title'], code: 'required', message: "'Title' is required" },
    ]);
  });

  it('inherited keys are not values', () => {
    const compiled = compile({ name: 'title', type: 'text', default: 'Untitled' });
    const input = Object.create({ title: 'inherited' }) as Record<string, unknown>;
    expect(validateItemData(compiled, input).data).toEqual({ title: 'Untitled' });
  });
});

describe('the validation error', () => {
  const compiled = () =>
    compile(
      { name: 'title', type: 'text', required: true },
      { name: 'ok', type: 'text' },
      { name: 'salary', type: 'number', min: 0 },
      { name: 'tags', type: 'multi_select', options: ['a', 'b'] },
      { name: 'starts_on', type: 'date', label: 'Start date' },
    );

  it('lists every failing field, in schema order, with dotted field names', () => {
    const error = validationErrorOf(() =>
      validateItemData(compiled(), { ok: 'fine', salary: -1, tags: ['a', 'x'], starts_on: '2024-02-30' }),
    );
    expect(error.details).toEqual([
      {
        location: 'body',
        field: 'data.title',
        path: ['data', 'title'],
        code: 'required',
        message: "'Title' is required",
      },
      {
        location: 'body',
        field: 'data.salary',
        path: ['data', 'salary'],
        code: 'custom',
        message: 'Must be at least 0',
      },
      {
        location: 'body',
        field: 'data.tags.1',
        path: ['data', 'tags', 1],
        code: 'invalid_value',
        message: 'Expected one of: a, b',
      },
      {
        location: 'body',
        field: 'data.starts_on',
        path: ['data', 'starts_on'],
        code: 'custom',
        message: 'Expected a date (YYYY-MM-DD)',
      },
    ]);
    expect(error.message).toBe(
      "Invalid body value for 'data.title': 'Title' is required (and 3 more problems)",
    );
  });

  it('summarizes one problem, and two problems, in the message', () => {
    expect(validationErrorOf(() => validateItemData(compiled(), {})).message).toBe(
      "Invalid body value for 'data.title': 'Title' is required",
    );
    expect(validationErrorOf(() => validateItemData(compiled(), { salary: 'x' })).message).toBe(
      "Invalid body value for 'data.title': 'Title' is required (and 1 more problem)",
    );
  });

  it('places paths under the given root', () => {
    const error = validationErrorOf(() =>
      validateItemData(compiled(), { title: 'x', tags: ['z'] }, ['items', 2, 'data']),
    );
    expect(error.details).toEqual([
      {
        location: 'body',
        field: 'items.2.data.tags.0',
        path: ['items', 2, 'data', 'tags', 0],
        code: 'invalid_value',
        message: 'Expected one of: a, b',
      },
    ]);
    expect(validationErrorOf(() => validateItemData(compiled(), {}, [])).details[0]).toMatchObject({
      field: 'title',
      path: ['title'],
    });
  });

  it('the shared validation error builds the same envelope from details', () => {
    const error = errorFromDetails([
      { location: 'body', field: 'data.a', path: ['data', 'a'], code: 'custom', message: 'Bad' },
      { location: 'body', field: 'data.b', path: ['data', 'b'], code: 'custom', message: 'Worse' },
      { location: 'body', field: 'data.c', path: ['data', 'c'], code: 'custom', message: 'Worst' },
    ]);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe("Invalid body value for 'data.a': Bad (and 2 more problems)");
    expect(error.details).toHaveLength(3);
  });

  it('leaves the input untouched', () => {
    const input = { title: '  Engineer  ', salary: '5', extra: 1 };
    const copy = structuredClone(input);
    validateItemData(compiled(), input);
    expect(input).toEqual(copy);
  });
});

describe('searchText', () => {
  it('joins the text of searchable fields in schema order, one per line', () => {
    const compiled = compile(
      { name: 'title', type: 'text' },
      { name: 'salary', type: 'number' },
      { name: 'remote', type: 'boolean' },
      { name: 'summary', type: 'longtext' },
      { name: 'kind', type: 'select', options: ['Full time', 'Contract'] },
      { name: 'tags', type: 'multi_select', options: ['go', 'rust', 'ts'] },
      { name: 'starts_on', type: 'date' },
      { name: 'starts_at', type: 'datetime' },
      { name: 'contact', type: 'email' },
      { name: 'site', type: 'url' },
      { name: 'logo', type: 'image' },
      { name: 'file', type: 'asset' },
      { name: 'job', type: 'reference', to: 'jobs' },
      { name: 'body', type: 'richtext' },
    );
    const result = validateItemData(compiled, {
      body: '<h2>About</h2><p>We <strong>ship</strong>.</p>',
      title: ' Engineer ',
      salary: 100,
      remote: true,
      summary: 'Build things',
      kind: 'Contract',
      tags: ['rust', 'ts', 'rust'],
      starts_on: '2024-06-01',
      starts_at: '2024-06-01T09:00:00Z',
      contact: 'jobs@example.com',
      site: 'https://example.com',
      logo: 'https://example.com/logo.png',
      file: ASSET_ID,
      job: JOB_ID,
    });
    expect(result.searchText).toBe(
      [
        'Engineer',
        'Build things',
        'Contract',
        'rust ts',
        'jobs@example.com',
        'https://example.com',
        'About\nWe ship.',
      ].join('\n'),
    );
  });

  it('skips fields without a value and stops at 20000 characters', () => {
    const compiled = compile(
      { name: 'a', type: 'longtext' },
      { name: 'b', type: 'text' },
      { name: 'c', type: 'longtext' },
      { name: 'd', type: 'longtext' },
    );
    const result = validateItemData(compiled, {
      a: 'a'.repeat(10_000),
      c: 'c'.repeat(10_000),
      d: 'd'.repeat(10_000),
    });
    expect(result.searchText).toHaveLength(20_000);
    expect(result.searchText).toBe(`${'a'.repeat(10_000)}\n${'c'.repeat(9_999)}`);
  });
});

describe('rich text', () => {
  const body = (extra: Record<string, unknown> = {}) => compile({ name: 'body', type: 'richtext', ...extra });
  const paragraph = (text: string) => ({
    type: 'paragraph',
    attrs: { textAlign: null },
    content: [{ type: 'text', text }],
  });

  it('turns HTML into Tiptap JSON, stripping scripts and event handlers', () => {
    const result = validateItemData(body(), {
      body: '<p onclick="steal()">Hi <strong>there</strong></p><script>alert(1)</script><p>Bye</p>',
    });
    expect(result.data).toEqual({
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            attrs: { textAlign: null },
            content: [
              { type: 'text', text: 'Hi ' },
              { type: 'text', marks: [{ type: 'bold' }], text: 'there' },
            ],
          },
          paragraph('Bye'),
        ],
      },
    });
    expect(JSON.stringify(result.data)).not.toMatch(/alert|steal|script|onclick/);
    expect(result.searchText).toBe('Hi there\nBye');
    expect(result.warnings).toEqual([]);
  });

  it('normalizes Tiptap JSON, dropping unknown nodes with a warning named after the field', () => {
    const result = validateItemData(body(), {
      body: {
        type: 'doc',
        content: [
          { type: 'widget', attrs: { evil: true } },
          { type: 'paragraph', content: [{ type: 'text', text: 'Kept' }] },
        ],
      },
    });
    expect(result.data).toEqual({ body: { type: 'doc', content: [paragraph('Kept')] } });
    expect(result.warnings).toEqual(['body: Unsupported content type "widget" was removed.']);
    expect(result.searchText).toBe('Kept');
  });

  it("warns about images off the board's CDN and keeps those on it", () => {
    const cdn = cdnBaseUrl();
    const result = validateItemData(body(), {
      body: `<img src="https://elsewhere.example/a.png"><img src="${cdn}/org/b.png"><p>x</p>`,
    });
    expect(result.warnings).toEqual([
      "body: Image https://elsewhere.example/a.png is not hosted on the board's CDN; upload it as an asset first.",
    ]);
    expect((result.data.body as { content: { type: string }[] }).content.map((node) => node.type)).toEqual([
      'image',
      'image',
      'paragraph',
    ]);
  });

  it('is stable: its own output validates to itself', () => {
    const first = validateItemData(body(), { body: '<h1>Title</h1><ul><li><p>one</p></li></ul>' });
    const second = validateItemData(body(), first.data);
    expect(second.data).toEqual(first.data);
  });

  it('measures max_length on the plain text, not the markup', () => {
    const compiled = body({ max_length: 5 });
    expect(validateItemData(compiled, { body: '<p><strong><em>Hello</em></strong></p>' }).searchText).toBe(
      'Hello',
    );
    expect(detailsOf(() => validateItemData(compiled, { body: '<p><strong>Hello</strong>!</p>' }))).toEqual([
      {
        path: ['data', 'body'],
        code: 'invalid_value',
        message: 'The text is 6 characters; at most 5 are allowed',
      },
    ]);
  });

  it('allows 50000 characters of plain text when no max_length is set', () => {
    expect(validateItemData(body(), { body: `<p>${'x'.repeat(50_000)}</p>` }).data.body).toBeDefined();
    expect(detailsOf(() => validateItemData(body(), { body: `<p>${'x'.repeat(50_001)}</p>` }))).toEqual([
      {
        path: ['data', 'body'],
        code: 'invalid_value',
        message: 'The text is 50001 characters; at most 50000 are allowed',
      },
    ]);
  });

  it('reports a broken document alongside the other fields', () => {
    const compiled = compile(
      { name: 'body', type: 'richtext' },
      { name: 'title', type: 'text', required: true },
    );
    expect(detailsOf(() => validateItemData(compiled, { body: { type: 'nope' }, title: '' }))).toEqual([
      {
        path: ['data', 'body'],
        code: 'invalid_value',
        message: expect.stringMatching(/Tiptap JSON document/),
      },
      { path: ['data', 'title'], code: 'required', message: "'Title' is required" },
    ]);
  });
});

describe('pending checks', () => {
  it('list asset ids, references with their target, and normalized unique values, in schema order', () => {
    const compiled = compile(
      { name: 'code', type: 'text', unique: true },
      { name: 'logo', type: 'asset' },
      { name: 'job', type: 'reference', to: 'jobs' },
      { name: 'mentor', type: 'reference', to: 'people', unique: true },
      { name: 'starts_at', type: 'datetime', unique: true },
      { name: 'rank', type: 'number', unique: true },
      { name: 'brochure', type: 'asset', unique: true },
      { name: 'email', type: 'email', unique: true },
    );
    const result = validateItemData(compiled, {
      code: '  ENG-1 ',
      logo: ASSET_ID,
      job: JOB_ID,
      mentor: ` ${ITEM_ID} `,
      starts_at: '2024-05-01T10:00:00+02:00',
      rank: '7',
      brochure: ASSET_ID,
    });
    expect(result.pending).toEqual({
      assets: [
        { field: 'logo', id: ASSET_ID },
        { field: 'brochure', id: ASSET_ID },
      ],
      references: [
        { field: 'job', to: 'jobs', id: JOB_ID },
        { field: 'mentor', to: 'people', id: ITEM_ID },
      ],
      unique: [
        { field: 'code', value: 'ENG-1' },
        { field: 'mentor', value: ITEM_ID },
        { field: 'starts_at', value: '2024-05-01T08:00:00.000Z' },
        { field: 'rank', value: 7 },
        { field: 'brochure', value: ASSET_ID },
      ],
    });
  });

  it('are empty when the fields have no value', () => {
    const compiled = compile(
      { name: 'code', type: 'text', unique: true },
      { name: 'logo', type: 'asset' },
      { name: 'job', type: 'reference', to: 'jobs' },
    );
    expect(validateItemData(compiled, { code: ' ', logo: null }).pending).toEqual({
      assets: [],
      references: [],
      unique: [],
    });
  });
});

describe('compileSchema', () => {
  it('compiles one schema per field, in order', () => {
    const fields = [field({ name: 'a', type: 'text' }), field({ name: 'b', type: 'number' })];
    const compiled = compileSchema('item-validator-test:order', fields);
    expect(compiled.map((entry) => entry.field)).toEqual(fields);
    expect(compiled[1]!.schema.parse('4')).toBe(4);
  });

  it('returns the cached compilation for a key it has seen, whatever the fields', () => {
    const first = compileSchema('item-validator-test:cached', [field({ name: 'a', type: 'text' })]);
    const again = compileSchema('item-validator-test:cached', [field({ name: 'b', type: 'number' })]);
    expect(again).toBe(first);
    expect(again.map((entry) => entry.field.name)).toEqual(['a']);
    const other = compileSchema('item-validator-test:cached:2', [field({ name: 'b', type: 'number' })]);
    expect(other).not.toBe(first);
    expect(other.map((entry) => entry.field.name)).toEqual(['b']);
  });

  it('forgets the least recently used schemas once their 2 MB bound is passed', () => {
    const first = compileSchema('item-validator-test:evicted', [field({ name: 'a', type: 'text' })]);
    const fields = [field({ name: 'x', type: 'boolean' })];
    // Each entry counts its key, its fields' JSON and 100 bytes: about 200 bytes, so 20,000 pass 2 MB.
    for (let i = 0; i < 20_000; i += 1) compileSchema(`item-validator-test:filler:${i}`, fields);
    const again = compileSchema('item-validator-test:evicted', [field({ name: 'b', type: 'number' })]);
    expect(again).not.toBe(first);
    expect(again.map((entry) => entry.field.name)).toEqual(['b']);
  });
});

describe('valueSchema', () => {
  it.each<[SchemaFieldInput, string]>([
    [{ name: 'f', type: 'select', options: ['x', 'y', 'z'] }, 'Expected one of: x, y, z'],
    [{ name: 'f', type: 'reference', to: 'jobs' }, 'Expected a job id (UUID)'],
    [{ name: 'f', type: 'reference', to: 'case-studies' }, "Expected an item id (UUID) of 'case-studies'"],
    [{ name: 'f', type: 'asset' }, 'Expected a media asset id (UUID)'],
  ])('names what it expects: %j', (definition, message) => {
    const result = valueSchema(field(definition)).safeParse('nope');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('passes rich text through untouched (the content pipeline runs after)', () => {
    const schema = valueSchema(field({ name: 'f', type: 'richtext' }));
    expect(schema.parse('<p>x<script>y</script></p>')).toBe('<p>x<script>y</script></p>');
    expect(schema.parse({ any: 'object' })).toEqual({ any: 'object' });
  });
});

describe('normalizeDefault', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ['no default', { type: 'text' }, undefined],
    ['an empty default', { type: 'text', default: '' }, undefined],
    ['a blank default', { type: 'text', default: '   ' }, undefined],
    ['a null default', { type: 'number', default: null }, undefined],
    ['an empty list', { type: 'multi_select', options: ['a'], default: [] }, undefined],
    ['text, trimmed', { type: 'text', default: '  Hello ' }, 'Hello'],
    ['a number from text', { type: 'number', default: '5' }, 5],
    ['a whole number', { type: 'number', integer: true, min: 0, default: 3 }, 3],
    ['false', { type: 'boolean', default: false }, false],
    ['"true"', { type: 'boolean', default: 'true' }, true],
    ['an option', { type: 'select', options: ['a', 'b'], default: 'b' }, 'b'],
    [
      'options, deduplicated',
      { type: 'multi_select', options: ['a', 'b'], default: ['b', 'b', 'a'] },
      ['b', 'a'],
    ],
    ['a date', { type: 'date', default: '2024-02-29' }, '2024-02-29'],
    [
      'a datetime, in UTC',
      { type: 'datetime', default: '2024-05-01T10:00:00-05:00' },
      '2024-05-01T15:00:00.000Z',
    ],
    ['an email', { type: 'email', default: 'hr@example.com' }, 'hr@example.com'],
    ['a URL', { type: 'url', default: 'https://example.com' }, 'https://example.com'],
    ['an image', { type: 'image', default: 'https://example.com/a.png' }, 'https://example.com/a.png'],
    [
      'rich text, as a document',
      { type: 'richtext', default: '<p>Hi</p>' },
      {
        type: 'doc',
        content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'Hi' }] }],
      },
    ],
    ['a blank default on a unique field', { type: 'text', unique: true, default: '' }, undefined],
    ['a blank default on an asset field', { type: 'asset', default: ' ' }, undefined],
  ])('%s', (_, definition, expected) => {
    expect(normalizeDefault(field({ name: 'f', ...definition }))).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an asset default', { type: 'asset', default: ASSET_ID }, /asset field cannot have a default/],
    [
      'a reference default',
      { type: 'reference', to: 'jobs', default: JOB_ID },
      /reference field cannot have a default/,
    ],
    [
      'a unique field default',
      { type: 'text', unique: true, default: 'x' },
      /^A unique field cannot have a default$/,
    ],
    [
      'a unique asset default',
      { type: 'asset', unique: true, default: ASSET_ID },
      /^A unique field cannot have a default$/,
    ],
    ['an unknown option', { type: 'select', options: ['a', 'b'], default: 'c' }, /^Expected one of: a, b$/],
    ['a word for a number', { type: 'number', default: 'many' }, /^Expected a number$/],
    ['a number out of range', { type: 'number', max: 10, default: 11 }, /^Must be at most 10$/],
    [
      'a fraction for a whole number',
      { type: 'number', integer: true, default: 2.5 },
      /^Expected a whole number$/,
    ],
    ['text too long', { type: 'text', max_length: 2, default: 'abc' }, /^Must be at most 2 characters$/],
    ['an impossible date', { type: 'date', default: '2023-02-29' }, /^Expected a date/],
    ['a datetime without offset', { type: 'datetime', default: '2024-05-01T10:00:00' }, /ISO 8601/],
    ['an ftp URL', { type: 'url', default: 'ftp://example.com' }, /http\(s\)/],
    [
      'too few picks',
      { type: 'multi_select', options: ['a', 'b'], min: 2, default: ['a'] },
      /^Pick at least 2$/,
    ],
    ['a number for rich text', { type: 'richtext', default: 5 }, /HTML text or a Tiptap JSON document/],
    ['an object that is no document', { type: 'richtext', default: { foo: 1 } }, /Tiptap JSON document/],
    [
      'rich text over max_length',
      { type: 'richtext', max_length: 2, default: '<p>abc</p>' },
      /at most 2 are allowed/,
    ],
  ])('refuses %s', (_, definition, message) => {
    expect(() => normalizeDefault(field({ name: 'f', ...definition }))).toThrow(message);
  });
});

describe('an empty rich text editor', () => {
  it.each([['<p></p>'], ['<p>   </p>'], [{ type: 'doc', content: [] }]])('is no value: %j', (empty) => {
    expect(
      detailsOf(() =>
        validateItemData(compile({ name: 'f', type: 'richtext', required: true }), { f: empty }),
      ),
    ).toEqual([
      {
        path: ['data', 'f'],
        code: 'required',
        message: "'F' is required",
      },
    ]);
    expect(validateItemData(compile({ name: 'f', type: 'richtext' }), { f: empty }).data).toEqual({});
  });

  it('keeps a document that holds only an image', () => {
    const result = validateItemData(compile({ name: 'f', type: 'richtext', required: true }), {
      f: '<img src="https://cdn.example.com/a.png">',
    });
    expect(JSON.stringify(result.data.f)).toContain('"image"');
  });
});
