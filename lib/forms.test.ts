import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/core/errors';
import { invalid, validationDetail, validationErrorOf } from '@/lib/core/validation';
import { type FormErrorRules, formErrors, formMessage, formProblems, formValues } from './forms';

const schema = z.object({ name: z.string().min(1, { error: 'Enter a name' }), age: z.number() });
const zodError = schema.safeParse({ name: '', age: 'x' }).error!;
const conflict = new AppError('conflict', 'The slug is taken.');
const missing = new AppError('not_found', 'Job not found.');
const twoFields = validationErrorOf([
  validationDetail('body', ['name'], 'too_small', 'Too short'),
  validationDetail('body', ['tags', 2], 'invalid_value', 'Unknown tag'),
]);

describe('formErrors', () => {
  it.each<[string, unknown, FormErrorRules, ReturnType<typeof formErrors>]>([
    [
      'a schema refusal on the inputs the form has',
      zodError,
      { fields: ['name', 'age'] },
      { fieldErrors: { name: 'Enter a name', age: 'Invalid input: expected number, received string' } },
    ],
    [
      'the rest of a schema refusal as the form message',
      zodError,
      { fields: ['name'] },
      { error: 'Invalid input: expected number, received string', fieldErrors: { name: 'Enter a name' } },
    ],
    [
      'a summary when every problem has its input',
      zodError,
      { fields: ['name', 'age'], summary: 'Check the fields.' },
      {
        error: 'Check the fields.',
        fieldErrors: { name: 'Enter a name', age: 'Invalid input: expected number, received string' },
      },
    ],
    [
      "a service's field details by their first segment",
      twoFields,
      { fields: ['name', 'tags'] },
      { fieldErrors: { name: 'Too short', tags: 'Unknown tag' } },
    ],
    [
      'a field named to another input by a function',
      invalid('categories.2', 'No category'),
      { fields: (field) => (field.startsWith('categories') ? 'extra' : undefined) },
      { fieldErrors: { extra: 'No category' } },
    ],
    [
      'the first message per input',
      validationErrorOf([
        validationDetail('body', ['name'], 'a', 'first'),
        validationDetail('body', ['name'], 'b', 'second'),
      ]),
      { fields: ['name'] },
      { fieldErrors: { name: 'first' } },
    ],
    [
      'an error without fields as its message',
      conflict,
      { fields: ['slug'] },
      { error: 'The slug is taken.', fieldErrors: {} },
    ],
    [
      'an error code in the form’s words',
      missing,
      { words: { not_found: 'This job no longer exists.' } },
      { error: 'This job no longer exists.', fieldErrors: {} },
    ],
    [
      'an error code that concerns one input',
      conflict,
      { fields: ['slug'], codeFields: { conflict: 'slug' } },
      { fieldErrors: { slug: 'The slug is taken.' } },
    ],
    [
      'a problem in the form’s words, by input and code',
      twoFields,
      {
        fields: ['name', 'tags'],
        fieldWords: { name: { too_small: 'Longer, please' }, tags: ({ message }) => `Tags: ${message}` },
      },
      { fieldErrors: { name: 'Longer, please', tags: 'Tags: Unknown tag' } },
    ],
    [
      'the words of a problem without input on the form',
      invalid('source_url', 'source_url cannot be downloaded'),
      { fieldWords: { source_url: 'Use a public address.' } },
      { error: 'Use a public address.', fieldErrors: {} },
    ],
  ])('%s', (_case, error, rules, expected) => {
    expect(formErrors(error, rules)).toEqual(expected);
  });

  it.each<[string, unknown, FormErrorRules]>([
    ['an error that is not a refusal', new Error('connection reset'), {}],
    ['an AppError the form does not answer', missing, { answers: ['conflict'] }],
  ])('rethrows %s', (_case, error, rules) => {
    expect(() => formErrors(error, rules)).toThrow(error as Error);
  });
});

describe('formMessage', () => {
  it.each<[string, unknown, string]>([
    ['the first problem of a schema refusal', zodError, 'Enter a name'],
    ['the first detail of a service refusal', twoFields, 'Too short'],
    ['the message of an error without details', conflict, 'The slug is taken.'],
  ])('%s', (_case, error, expected) => {
    expect(formMessage(error)).toBe(expected);
  });
});

describe('formProblems', () => {
  it('reads field, path and code from details, and ignores details that are not a list', () => {
    expect(formProblems(invalid('salary.min', 'Too low'))).toEqual([
      { field: 'salary.min', path: ['salary', 'min'], code: 'invalid_value', message: 'Too low' },
    ]);
    expect(formProblems(new AppError('download_failed', 'Failed.', { status: 404 }))).toEqual([]);
  });
});

describe('formValues', () => {
  it('reads the named fields as text, absent ones empty, without NUL characters', () => {
    const form = new FormData();
    form.set('title', 'Eng\u0000ineer');
    form.set('extra', 'ignored');
    expect(formValues(form, ['title', 'company'])).toEqual({ title: 'Engineer', company: '' });
  });
});
