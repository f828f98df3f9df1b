// Server-action posts Next.js would answer with a 500 get a 4xx page from proxy.ts first.
import { describe, expect, it } from 'vitest';
import { refuseMalformedServerAction } from './server-action-guard';

const action = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost:3000/b/acme/alerts', {
    method: 'POST',
    body,
    headers: {
      host: 'localhost:3000',
      'next-action': '7f00',
      'content-type': 'text/plain;charset=UTF-8',
      ...headers,
    },
  });

describe('refuseMalformedServerAction', () => {
  it.each<Record<string, string>>([
    { origin: 'https://evil.example' },
    { origin: 'http://localhost:4000' },
    { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    { 'sec-fetch-site': 'same-site' },
  ])(
    'refuses an action posted from another origin with a 403 page (%o; Next.js threw a 500)',
    async (headers) => {
      const response = (await refuseMalformedServerAction(action('[]', headers)))!;
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    },
  );

  it('takes the origin from X-Forwarded-Host where a proxy set it', async () => {
    const request = action('["acme"]', {
      origin: 'https://jobs.example',
      'x-forwarded-host': 'jobs.example',
    });
    expect(await refuseMalformedServerAction(request)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{{{'],
    ['nested 5,000 deep', `[${'['.repeat(5_000)}${']'.repeat(5_000)}]`],
    ['a NUL', JSON.stringify(['acme', 'a\u0000b'])],
    ['a reference to a missing chunk', '["$@99"]'],
    ['a FormData reference in a text body', '["$K1"]'],
    ['a Map without its part', '["$Q"]'],
    ['a BigInt that is not one', '["$nabc"]'],
    ['an outlined model', '["$1"]'],
  ])('refuses a text body React cannot decode (%s) with a 400 page', async (_name, body) => {
    const response = (await refuseMalformedServerAction(action(body, { origin: 'http://localhost:3000' })))!;
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This form could not be read');
  });

  it.each([
    ['plain values', JSON.stringify(['acme', 1, true, null, { a: ['b'] }])],
    [
      'what React writes for values',
      '["$$escaped", "$Infinity", "$-Infinity", "$NaN", "$-0", "$undefined", "$D2026-11-26T10:00:00.000Z", "$n12345678901234567890"]',
    ],
  ])('lets %s through', async (_name, body) => {
    expect(
      await refuseMalformedServerAction(action(body, { 'sec-fetch-site': 'same-origin' })),
    ).toBeUndefined();
  });

  it('leaves multipart bodies, other posts and other methods to Next.js', async () => {
    const multipart = action('x', {
      'content-type': 'multipart/form-data; boundary=x',
      origin: 'http://localhost:3000',
    });
    expect(await refuseMalformedServerAction(multipart)).toBeUndefined();
    const plainPost = new Request('http://localhost:3000/b/acme/jobs/x/apply', {
      method: 'POST',
      body: '{{{',
    });
    expect(await refuseMalformedServerAction(plainPost)).toBeUndefined();
  });
});
