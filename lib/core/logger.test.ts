import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { resetEnvCache } from './env';
import { logError, REDACTED, redact } from './logger';

const email = 'ada.lovelace@example.com';

let lines: string[];
beforeEach(() => {
  vi.stubEnv('LOG_LEVEL', 'error');
  resetEnvCache();
  lines = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetEnvCache();
});

async function failedQuery(): Promise<unknown> {
  try {
    await (await getDb()).execute(sql`SELECT ${email}::uuid AS id, ${'sk_live_hash'} AS key_hash`);
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe('logError', () => {
  it('logs a failed query by its SQL and code, never its bound values', async () => {
    logError('unhandled_api_error', await failedQuery(), { request_id: 'req_1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(email);
    expect(lines[0]).not.toContain('sk_live_hash');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'unhandled_api_error',
      error: 'Failed query',
      query: expect.stringContaining('$1::uuid'),
      code: '22P02',
      request_id: 'req_1',
    });
  });

  it('redacts sensitive context keys at any depth', () => {
    logError('x', new Error('boom'), {
      email,
      applicant: { name: 'Ada', answers: { q: 'secret answer' } },
      headers: { 'x-api-key': 'bk_123', authorization: 'Bearer t' },
      delivery_id: 'd1',
    });
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({
      email: REDACTED,
      applicant: { name: REDACTED, answers: REDACTED },
      headers: { 'x-api-key': REDACTED, authorization: REDACTED },
      delivery_id: 'd1',
      error: 'boom',
    });
    expect(redact([{ password: 'p' }])).toEqual([{ password: REDACTED }]);
  });
});
