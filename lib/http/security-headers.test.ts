import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  );

describe('security headers', () => {
  it('forbid framing, sniffing and plugins, and keep scripts to this origin', () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    const headers = Object.fromEntries(securityHeaders().map(({ key, value }) => [key, value]));
    expect(headers).toMatchObject({ 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff' });
  });

  it('allow eval only in development, and iframes only from YouTube and the configured hosts', () => {
    expect(directives(contentSecurityPolicy({ development: true }))['script-src']).toContain("'unsafe-eval'");
    const frames = directives(contentSecurityPolicy({ iframeHosts: ['player.vimeo.com'] }))['frame-src'];
    expect(frames).toEqual([
      "'self'",
      'https://www.youtube.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
  });
});
