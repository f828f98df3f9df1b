import { describe, expect, it } from 'vitest';
import { call } from '@/test/http';
import { GET, POST } from './route';

describe('unknown /api paths', () => {
  it.each([
    [GET, 'GET', '/nope'],
    [POST, 'POST', '/jobs-typo/1'],
  ])('answer 404 not_found in the envelope (%#)', async (handler, method, path) => {
    const response = await call(handler, { method, path });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({
      code: 'not_found',
      message: `No API endpoint at /api${path}.`,
      url: 'http://localhost:3000/docs/errors#not_found',
    });
    expect(response.headers.get('x-request-id')).toBe(response.body.error.request_id);
  });
});
