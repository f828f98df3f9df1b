// The member session cookie's one definition (memberCookie), as sign-in, sign-out and the proxy set it.
import { describe, expect, it } from 'vitest';
import { memberCookie, SESSION_TTL_MS } from './sessions';

const request = (protocol: string | undefined, forwarded?: string) => ({
  protocol,
  headers: new Headers(forwarded ? { 'x-forwarded-proto': forwarded } : {}),
});

describe('memberCookie', () => {
  it('is scoped to the board’s base path, HttpOnly and SameSite=Lax, for the session’s life', () => {
    expect(memberCookie('/b/acme', request('http:'))).toEqual({
      path: '/b/acme',
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      maxAge: SESSION_TTL_MS / 1000,
    });
    expect(memberCookie('', request('http:'), 0)).toMatchObject({ path: '/', maxAge: 0 });
  });

  it.each([
    ['https:', undefined, true],
    [undefined, 'https', true],
    ['http:', 'https', true],
    ['http:', 'http', false],
    [undefined, undefined, false],
  ])('is Secure over https (URL scheme %s, X-Forwarded-Proto %s): %s', (protocol, forwarded, secure) => {
    expect(memberCookie('/', request(protocol, forwarded)).secure).toBe(secure);
  });
});
