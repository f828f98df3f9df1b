import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';
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

describe('next.config.ts headers', () => {
  /** The headers Next.js adds to an answer for `path`, as its own route matcher picks them. */
  async function configured(path: string) {
    const rules = (await nextConfig.headers!()) as {
      source: string;
      headers: { key: string; value: string }[];
    }[];
    return Object.fromEntries(
      rules
        .flatMap((rule) => (getPathMatch(rule.source)(path) ? rule.headers : []))
        .map(({ key, value }) => [key, value]),
    );
  }

  it('set the app policy on pages and the API, and leave /cdn to its sandboxed policy (an SVG got inline scripts allowed)', async () => {
    for (const path of ['/', '/b/acme/jobs/x', '/api/jobs', '/dashboard', '/cdnx']) {
      expect((await configured(path))['Content-Security-Policy'], path).toContain("script-src 'self'");
    }
    const media = await configured('/cdn/media/1/logo.svg');
    expect(media['Content-Security-Policy']).toBeUndefined();
    expect(media['X-Content-Type-Options']).toBe('nosniff');
  });

  it('leave a resume’s signed link its own framing headers (the dashboard previews a PDF), and only it', async () => {
    const resume = await configured('/api/applications/0190a0a0-0000-7000-8000-000000000000/resume');
    expect(resume['X-Frame-Options']).toBeUndefined();
    expect(resume['Content-Security-Policy']).toBeUndefined();
    for (const path of [
      '/api/applications/0190a0a0-0000-7000-8000-000000000000',
      '/api/applications/x/resume/more',
      '/dashboard/applications/x/resume',
    ]) {
      expect((await configured(path))['X-Frame-Options'], path).toBe('DENY');
      expect((await configured(path))['Content-Security-Policy'], path).toContain("frame-ancestors 'none'");
    }
  });
});
