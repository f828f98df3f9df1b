import { beforeEach, describe, expect, it } from 'vitest';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { throttlePasswordReset, throttleSignUp, tooManyAttempts } from './throttle';

beforeEach(() => {
  const start = Date.UTC(2026, 10, 26, 9);
  setRateLimiter(new MemoryRateLimiter(() => start));
});

describe('sign-up throttling', () => {
  it('allows ten accounts an hour from one client, then asks it to wait; others are not refused', async () => {
    for (let i = 0; i < 10; i++) expect(await throttleSignUp('198.51.100.3')).toBeNull();
    expect(await throttleSignUp('198.51.100.3')).toBeGreaterThanOrEqual(1);
    expect(await throttleSignUp('198.51.100.4')).toBeNull();
  });
});

describe('password reset throttling', () => {
  it('sends three links in 15 minutes per client and address; another client, or address, is not refused', async () => {
    for (let i = 0; i < 3; i++)
      expect(await throttlePasswordReset('198.51.100.3', 'a@example.com')).toBeNull();
    expect(await throttlePasswordReset('198.51.100.3', 'a@example.com')).toBeGreaterThanOrEqual(1);
    expect(tooManyAttempts(1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttempts(15)).toBe('Too many attempts. Try again in 15 minutes.');
    expect(await throttlePasswordReset('198.51.100.4', 'a@example.com')).toBeNull();
    expect(await throttlePasswordReset('198.51.100.3', 'b@example.com')).toBeNull();
  });

  it('refuses a client past ten links in 15 minutes, whatever the addresses', async () => {
    for (let i = 0; i < 10; i++)
      expect(await throttlePasswordReset('198.51.100.5', `person-${i}@example.com`)).toBeNull();
    expect(await throttlePasswordReset('198.51.100.5', 'person-10@example.com')).toBeGreaterThanOrEqual(1);
  });
});
