// Requests no route can serve get a clear 4xx before anything reads the path: the envelope under
// /api, a short page elsewhere (the first steps of proxy.ts).
import { describe, expect, it } from 'vitest';
import { refuseMalformedPath, refuseUnservedMethod } from './request-guards';

const request = (path: string, method = 'GET') => new Request(`http://localhost:3000${path}`, { method });

describe('refuseUnservedMethod', () => {
  // fetch's Request refuses TRACE itself; the board crawler sends it over HTTP (test/crawl).
  it.each(['PROPFIND', 'MKCOL', 'LINK', 'FOO'])('answers %s with 405 and Allow', async (method) => {
    const page = refuseUnservedMethod(request('/b/acme/jobs', method))!;
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(`does not answer ${method} requests`);

    const api = refuseUnservedMethod(request('/api/jobs', method))!;
    expect(api.status).toBe(405);
    expect(api.headers.get('allow')).toContain('GET');
    expect((await api.json()).error).toMatchObject({ code: 'method_not_allowed' });
  });

  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('lets %s through', (method) => {
    expect(refuseUnservedMethod(request('/b/acme', method))).toBeUndefined();
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

  it.each(['/b/acme/jobs/caf%C3%A9', '/b/acme', '/b/acme/jobs/a%20b', '/api/jobs?q=%ZZ'])(
    'lets %s through',
    (path) => {
      expect(refuseMalformedPath(request(path))).toBeUndefined();
    },
  );
});
