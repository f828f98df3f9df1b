// The dashboard's sign-in form and next-auth's credentials route are two doors to one password
// check: guesses through either count against the same lock.
import { NextRequest } from 'next/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { endSessions } from '@/lib/auth/account';
import { signUp } from '@/lib/auth/users';
import { PEER_ADDRESS_HEADER } from '@/lib/http/client-address';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';

// The request a server action runs in comes from Next; the rest (next-auth, the throttle) is real.
const request = vi.hoisted(() => ({ address: '' }));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'localhost:3000', 'x-boardkit-peer-address': request.address }),
  cookies: async () => ({ get: () => undefined, set: () => {} }),
}));

// Test files share their worker's modules: next-auth may already hold the real next/headers, so
// the modules under test are loaded afresh, under the mock (the database and limiter are global).
let signInAction: typeof import('./actions').signInAction;
let GET: typeof import('@/app/api/auth/[...nextauth]/route').GET;
let POST: typeof import('@/app/api/auth/[...nextauth]/route').POST;
beforeAll(async () => {
  vi.resetModules();
  ({ signInAction } = await import('./actions'));
  ({ GET, POST } = await import('@/app/api/auth/[...nextauth]/route'));
});

beforeEach(() => {
  const start = Date.UTC(2026, 10, 26, 9);
  setRateLimiter(new MemoryRateLimiter(() => start));
});

const form = (email: string, password: string) => {
  const data = new FormData();
  data.set('email', email);
  data.set('password', password);
  return data;
};

/** The form from `address`: its error, or where a successful sign-in redirects. */
async function signInWithForm(email: string, password: string, address: string) {
  request.address = address;
  try {
    return (await signInAction({}, form(email, password))).error;
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? '';
    if (digest.startsWith('NEXT_REDIRECT')) return `redirect ${new URL(digest.split(';')[2]!).pathname}`;
    throw error;
  }
}

/** next-auth's credentials route from `address`: its answer, and the cookies the browser then holds. */
async function postCredentials(email: string, password: string, address: string) {
  const csrf = await GET(new NextRequest('http://localhost:3000/api/auth/csrf'));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const answer = await POST(
    new NextRequest('http://localhost:3000/api/auth/callback/credentials', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        [PEER_ADDRESS_HEADER]: address,
      },
      body: new URLSearchParams({ email, password, csrfToken }),
    }),
  );
  const session = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => pair?.startsWith('authjs.session-token'));
  return { answer, csrfToken, cookie: [cookie, ...session].join('; ') };
}

/** next-auth's route from `address`: the error code it sends to the sign-in page, if any. */
async function guessThroughRoute(email: string, password: string, address: string) {
  const { answer } = await postCredentials(email, password, address);
  return new URL(answer.headers.get('location')!).searchParams.get('code');
}

/** The session a browser holding `cookie` reads (`/api/auth/session`), or null. */
async function sessionOf(cookie: string): Promise<{ user?: { id?: string } } | null> {
  const answer = await GET(
    new NextRequest('http://localhost:3000/api/auth/session', { headers: { cookie } }),
  );
  return (await answer.json()) as { user?: { id?: string } } | null;
}

describe('signInAction', () => {
  it('shares the lock with next-auth’s route, for the client that guessed only', async () => {
    await signUp(await getDb(), {
      name: 'Owner',
      email: 'door@example.com',
      password: 'correct horse',
      organizationName: 'Door Jobs',
    });
    const guesser = '203.0.113.66';
    for (let i = 0; i < 5; i++) {
      expect(await signInWithForm('door@example.com', `guess ${i}`, guesser)).toBe(
        'Wrong email or password.',
      );
    }
    for (let i = 0; i < 5; i++) {
      expect(await guessThroughRoute('door@example.com', `guess ${i}`, guesser)).toBe('credentials');
    }
    expect(await signInWithForm('door@example.com', 'correct horse', guesser)).toMatch(
      /^Too many attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(await signInWithForm('door@example.com', 'correct horse', '192.0.2.10')).toBe(
      'redirect /dashboard',
    );
  });
});

describe('dashboard sessions', () => {
  it('end on their next read once the account ends them (a new password, "sign out of every browser")', async () => {
    const db = await getDb();
    const { user } = await signUp(db, {
      name: 'Owner',
      email: 'stamped@example.com',
      password: 'correct horse',
      organizationName: 'Stamp Jobs',
    });
    const first = await postCredentials('stamped@example.com', 'correct horse', '192.0.2.20');
    expect(await sessionOf(first.cookie)).toMatchObject({ user: { id: user.id } });
    await endSessions(db, user.id);
    expect(await sessionOf(first.cookie)).toBeNull();
    // Nor can it renew itself through Auth.js's update (what useSession().update() posts).
    const renewed = await POST(
      new NextRequest('http://localhost:3000/api/auth/session', {
        method: 'POST',
        headers: { cookie: first.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ csrfToken: first.csrfToken, data: {} }),
      }),
    );
    expect(await renewed.json()).toBeNull();
    expect(await sessionOf(first.cookie)).toBeNull();
    // A session begun after the stamp stands.
    const second = await postCredentials('stamped@example.com', 'correct horse', '192.0.2.20');
    expect(await sessionOf(second.cookie)).toMatchObject({ user: { id: user.id } });
    expect(await sessionOf(first.cookie)).toBeNull();
  });
});
