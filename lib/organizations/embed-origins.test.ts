import { describe, expect, it } from 'vitest';
import { embedOriginsSchema, frameAncestorSources, normalizeEmbedOrigin } from './embed-origins';

describe('embed origins: what may stand in the widget’s frame-ancestors', () => {
  it.each([
    ['https://www.example.com', 'https://www.example.com'],
    ['  HTTPS://WWW.Example.COM/  ', 'https://www.example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['https://example.com:8443', 'https://example.com:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://*.example.com', 'https://*.example.com'],
    ['https://*.example.co.uk', 'https://*.example.co.uk'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('takes %j as %j', (typed, origin) => {
    expect(normalizeEmbedOrigin(typed)).toEqual({ origin });
  });

  it.each([
    ['example.com', /is not an origin/],
    ['*', /is not an origin/],
    ["'self'", /is not an origin/],
    ['https://*', /is not an origin|valid host/],
    ['ftp://example.com', /must start with https:\/\/ or http:\/\//],
    ['javascript://example.com', /must start with https:\/\/ or http:\/\//],
    ['https://example.com/jobs', /leave out any path/],
    ['https://example.com?x=1', /leave out any path/],
    ['https://example.com#top', /leave out any path/],
    ['https://user@example.com', /leave out any path, query or login/],
    ['https://a;b.example', /valid host name/],
    ['https://a,b.example', /valid host name/],
    ["https://a'b.example", /valid host name/],
    ['https://a b.example', /is not an origin/],
    ['https://*.*.example.com', /valid host name/],
    ['https://www.*.example.com', /valid host name/],
    ['https://[::1]:3000', /IPv6/],
    ['https://*.com', /wildcard over a whole domain ending/],
    ['https://*.co.uk', /wildcard over a whole domain ending/],
    ['https://*.127.0.0.1', /wildcard over a whole domain ending/],
  ])('refuses %j, saying why', (typed, why) => {
    const result = normalizeEmbedOrigin(typed);
    expect(result).toHaveProperty('problem');
    expect((result as { problem: string }).problem).toMatch(why);
  });

  it('dedupes a list after normalizing, and holds at most 20', () => {
    expect(
      embedOriginsSchema.parse(['https://a.example', 'https://A.example/', 'https://b.example']),
    ).toEqual(['https://a.example', 'https://b.example']);
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`);
    expect(embedOriginsSchema.safeParse(many).error?.issues[0]?.message).toBe('At most 20 origins');
    const refused = embedOriginsSchema.safeParse(['https://ok.example', 'nope']);
    expect(refused.error?.issues[0]?.path).toEqual([1]);
  });

  it('frames nowhere without origins', () => {
    expect(frameAncestorSources([])).toEqual(["'none'"]);
    expect(frameAncestorSources(['https://a.example'])).toEqual(['https://a.example']);
  });
});
