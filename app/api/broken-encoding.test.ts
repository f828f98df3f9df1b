// A path segment that does not percent-decode is a 400 in the envelope (proxy.ts), not Next's
// plain-text 500; the running server is checked by the contract fuzzer (test/fuzz).
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';

describe('broken percent-encoding in an API path', () => {
  it.each(['/api/jobs/%E0%A4%A', '/api/%ZZ', '/api/cms/%C0%AF/x', '/api/jobs/%'])(
    'answers 400 validation_error for %s',
    async (path) => {
      const response = (await proxy(new NextRequest(`http://localhost:3000${path}`)))!;
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      const { error } = await response.json();
      expect(error).toMatchObject({ code: 'validation_error', details: [{ code: 'invalid_encoding' }] });
      expect(error.request_id).toMatch(/^req_/);
    },
  );

  it('lets well-formed paths through to their routes', async () => {
    for (const path of ['/api/jobs/a%20b', '/api/jobs/%E2%82%AC', '/api/jobs']) {
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response?.headers.get('x-middleware-next')).toBe('1');
    }
  });
});
