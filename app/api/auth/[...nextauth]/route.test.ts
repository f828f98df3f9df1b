// next-auth's own routes for the dashboard: its credentials callback checks passwords through the
// same throttle as the sign-in form, keyed by the client that asks.
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { signUp } from '@/lib/auth/users';
import { PEER_ADDRESS_HEADER } from '@/lib/http/client-address';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { GET, POST } from './route';

const MINUTE = 60_000;
let now = 0;
// The limiter's clock, on a whole hour (where its windows start); tests move it by whole windows.
beforeEach(() => {
  now = Date.UTC(2026, 10, 26, 9);
  setRateLimiter(new MemoryRateLimiter(() => now));
});

const BASE = 'http://localhost:3000/api/auth';

/** A browser's CSRF token and cookies, as the sign-in page would have them. */
async function browser() {
  const answer = await GET(new NextRequest(`${BASE}/csrf`));
  const { csrfToken } = (await answer.json()) as { csrfToken: string };
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { csrfToken, cookie };
}

/** POST /api/auth/callback/credentials from `address`: "signed in", or the error code next-auth sends. */
async function signIn(email: string, password: string, address: string) {
  const { csrfToken, cookie } = await browser();
  const answer = await POST(
    new NextRequest(`${BASE}/callback/credentials`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        [PEER_ADDRESS_HEADER]: address,
      },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/dashboard' }),
    }),
  );
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location')!);
  if (location.pathname === '/dashboard') {
    expect(answer.headers.getSetCookie().some((line) => line.startsWith('authjs.session-token='))).toBe(true);
    return 'signed in';
  }
  expect(location.pathname).toBe('/sign-in');
  return location.searchParams.get('code');
}

describe('POST /api/auth/callback/credentials', () => {
  it('locks an email for the client that guessed, even with the right password, and no one else', async () => {
    await signUp(await getDb(), {
      name: 'Owner',
      email: 'owner@example.com',
      password: 'correct horse',
      organizationName: 'Owner Jobs',
    });
    const guesser = '203.0.113.66';
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await signIn('owner@example.com', `guess ${i}`, guesser));
    expect(answers).toEqual([...Array(10).fill('credentials'), 'too_many_attempts', 'too_many_attempts']);
    expect(await signIn('owner@example.com', 'correct horse', guesser)).toBe('too_many_attempts');
    expect(await signIn('OWNER@example.com', 'correct horse', guesser)).toBe('too_many_attempts');
    // The owner, from their own address, is not refused for what another client did.
    expect(await signIn('owner@example.com', 'correct horse', '192.0.2.10')).toBe('signed in');
    // Once the window has passed, the lock lifts.
    now += 30 * MINUTE;
    expect(await signIn('owner@example.com', 'correct horse', guesser)).toBe('signed in');
  });

  it('limits one client to 50 password checks in 15 minutes, whatever emails it tries', async () => {
    const sprayer = '203.0.113.77';
    const answers = [];
    for (let i = 0; i < 51; i++) answers.push(await signIn(`user${i}@example.com`, 'password1', sprayer));
    expect(answers.slice(0, 50).every((code) => code === 'credentials')).toBe(true);
    expect(answers[50]).toBe('too_many_attempts');
    expect(await signIn('user0@example.com', 'password1', '192.0.2.11')).toBe('credentials');
  });
});
