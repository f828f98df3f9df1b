// Where a job's applications go: the board's form, an address, the company's page, or nowhere.
import { describe, expect, it } from 'vitest';
import { applyTarget } from './apply-target';

const job = (how_to_apply_method: string | null, how_to_apply: string | null, contact_email: string | null) =>
  ({ how_to_apply_method, how_to_apply, contact_email }) as Parameters<typeof applyTarget>[0];

describe('applyTarget', () => {
  it.each([
    [job('form-internal', null, 'hiring@acme.example'), { kind: 'board' }],
    [
      job('email', 'jobs@acme.example', 'hiring@acme.example'),
      { kind: 'email', address: 'hiring@acme.example' },
    ],
    [job('email', 'jobs@acme.example', null), { kind: 'email', address: 'jobs@acme.example' }],
    [job('email', null, null), null],
    [
      job('form-external', 'https://acme.example/apply', null),
      { kind: 'external', url: 'https://acme.example/apply' },
    ],
    [job('form-external', null, 'hiring@acme.example'), null],
    [job(null, 'https://acme.example/apply', null), null],
  ])('%o goes to %o', (given, target) => {
    expect(applyTarget(given)).toEqual(target);
  });
});
