import { describe, expect, it } from 'vitest';
import { clientAddress, throttleAuthAttempt } from './throttle';

describe('sign-in throttling', () => {
  it('allows ten attempts per email in 15 minutes, then asks to wait', async () => {
    const email = `guess-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) expect(await throttleAuthAttempt([['signInPerEmail', email]])).toBeNull();
    const wait = await throttleAuthAttempt([['signInPerEmail', email]]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(15);
    expect(await throttleAuthAttempt([['signInPerEmail', `other-${email}`]])).toBeNull();
  });

  it('reads the client address from the proxy headers', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }))).toBe('203.0.113.7');
    expect(clientAddress(new Headers({ 'x-real-ip': '198.51.100.2' }))).toBe('198.51.100.2');
    expect(clientAddress(new Headers())).toBe('unknown');
  });
});
