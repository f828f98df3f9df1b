import { beforeEach, describe, expect, it } from 'vitest';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { throttleSignUp } from './throttle';

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
