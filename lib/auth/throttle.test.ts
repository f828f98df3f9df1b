import { describe, expect, it } from 'vitest';
import { throttleAuthAttempt } from './throttle';

describe('sign-in throttling', () => {
  it('allows ten attempts per email in 15 minutes, then asks to wait', async () => {
    const email = `guess-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) expect(await throttleAuthAttempt([['signInPerEmail', email]])).toBeNull();
    const wait = await throttleAuthAttempt([['signInPerEmail', email]]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(15);
    expect(await throttleAuthAttempt([['signInPerEmail', `other-${email}`]])).toBeNull();
  });
});
