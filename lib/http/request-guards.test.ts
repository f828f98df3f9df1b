// Requests no route can serve get a clear 4xx before anything reads the path: the envelope under
// /api, a short page elsewhere (the first steps of proxy.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { methodsOutsideApi, refuseMalformedPath, refuseUnservedMethod } from './request-guards';

const request = (path: string, method = 'GET') => new Request(`http://localhost:3000${path}`, { method });

describe('refuseUnservedMethod', () => {
  // fetch's Request refuses TRACE itself; the board crawler sends it over HTTP (test/crawl).
  it.each(['PROPFIND', 'MKCOL', 'LINK', 'FOO'])('answers %s with 405 and Allow', async (method) => {
    const page = refuseUnservedMethod(request('/b/acme/jobs', method))!;
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(`does not answer ${method} requests`);

    const api = refuseUnservedMethod(request('/api/jobs', method))!;
    expect(api.status).toBe(405);
    expect(api.headers.get('allow')).toContain('GET');
    expect((await api.json()).error).toMatchObject({ code: 'method_not_allowed' });
  });

  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    'lets %s through to the API',
    (method) => {
      expect(refuseUnservedMethod(request('/api/jobs', method))).toBeUndefined();
    },
  );

  it.each(['GET', 'HEAD', 'POST'])('lets %s through to a page', (method) => {
    expect(refuseUnservedMethod(request('/b/acme/jobs/x', method))).toBeUndefined();
  });

  it.each([
    ['PUT', '/b/acme/jobs/x', 'GET, HEAD, POST, OPTIONS'],
    ['DELETE', '/b/acme', 'GET, HEAD, POST, OPTIONS'],
    ['PATCH', '/dashboard/jobs', 'GET, HEAD, POST, OPTIONS'],
    ['POST', '/b/acme/feed.xml', 'GET, HEAD, OPTIONS'],
    ['POST', '/sitemaps/1.xml', 'GET, HEAD, OPTIONS'],
    ['POST', '/cdn/a/b.png', 'GET, HEAD, OPTIONS'],
    ['GET', '/dashboard/media/upload', 'POST, OPTIONS'],
  ])(
    'answers %s %s with a 405 page and Allow: %s (pages rendered PUT as a GET)',
    async (method, path, allow) => {
      const response = refuseUnservedMethod(request(path, method))!;
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    },
  );

  it('answers OPTIONS outside the API with 204 and Allow (a page answered an empty 400)', () => {
    const page = refuseUnservedMethod(request('/b/acme/remote', 'OPTIONS'))!;
    expect([page.status, page.headers.get('allow')]).toEqual([204, 'GET, HEAD, POST, OPTIONS']);
    const feed = refuseUnservedMethod(request('/b/acme/jobs.xml', 'OPTIONS'))!;
    expect([feed.status, feed.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS']);
  });

  it('knows the methods of every route handler outside the API, as its file exports them', () => {
    const app = path.resolve(import.meta.dirname, '../../app');
    const handlers = readdirSync(app, { recursive: true, encoding: 'utf8' }).filter(
      (file) => path.basename(file) === 'route.ts' && !file.startsWith(`api${path.sep}`),
    );
    expect(handlers.length).toBeGreaterThan(10);
    for (const file of handlers) {
      const source = readFileSync(path.join(app, file), 'utf8');
      const exported = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) =>
        new RegExp(`export (?:async )?(?:function|const) ${method}\\b`).test(source),
      );
      const expected = [...exported, ...(exported.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();
      const address = `/${path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, '$1'))
        .join('/')}`;
      expect([...methodsOutsideApi(address)].sort(), `${file} at ${address}`).toEqual(expected);
    }
  });
});

describe('refuseMalformedPath', () => {
  it.each([
    ['/b/acme/jobs/%ZZ', 'invalid_encoding'],
    ['/b/%ZZ', 'invalid_encoding'],
    ['/cdn/%ZZ', 'invalid_encoding'],
    ['/b/acme/sitemaps/%ZZ', 'invalid_encoding'],
    ['/b/acme/alerts/unsubscribe/%ZZ', 'invalid_encoding'],
    ['/b/acme/jobs/%C0%AF', 'invalid_encoding'],
    ['/b/acme/jobs/x%00y/apply', 'nul_character'],
    ['/b/acme/categories/x%00', 'nul_character'],
  ])('answers %s with a 400 page', async (path) => {
    const response = refuseMalformedPath(request(path))!;
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<h1>This address is not valid</h1>');
  });

  it.each([
    ['/api/jobs/%ZZ', 'invalid_encoding'],
    ['/api/jobs/a%00b', 'nul_character'],
  ])('answers %s with a 400 in the envelope', async (path, code) => {
    const response = refuseMalformedPath(request(path))!;
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 'validation_error', details: [{ code }] });
  });

  it.each(['/b/acme?q=a%00b', '/b/acme/remote?location=x%00', '/dashboard/jobs?q=%00'])(
    'answers a NUL in the query of %s with a 400 page (board search sent it to PostgreSQL)',
    async (address) => {
      const response = refuseMalformedPath(request(address))!;
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('NUL');
    },
  );

  it.each(['/b/acme/jobs/caf%C3%A9', '/b/acme', '/b/acme/jobs/a%20b', '/api/jobs?q=%ZZ', '/api/jobs?q=a%00'])(
    'lets %s through',
    (path) => {
      expect(refuseMalformedPath(request(path))).toBeUndefined();
    },
  );
});
