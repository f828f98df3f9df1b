// Member sessions on the board: the cookie carries a random token, the database only its SHA-256.
// Sessions last 30 days from the last visit and can be revoked one by one or all at once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { type Member, memberSessions, members } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** The board's member session cookie (scoped to the board's host, and its path in path mode). */
export const MEMBER_COOKIE = 'bk_member';
/**
 * The session cookie's attributes, wherever it is set (signing in, sliding it on a page view,
 * signing out with `maxAge` 0): the board's base path (`/b/{slug}` in path mode, `/` on the board's
 * own host), HttpOnly, SameSite=Lax, and Secure when the request came over https, by its own URL's
 * scheme or the one the proxy in front of the app saw (`X-Forwarded-Proto`, which Next.js also
 * fills in when no proxy did).
 */
export function memberCookie(
  base: string,
  request: { headers: Headers; protocol?: string },
  maxAgeSeconds = SESSION_TTL_MS / 1000,
) {
  return {
    path: base || '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https',
    maxAge: maxAgeSeconds,
  };
}

/** A session's expiry moves forward at most this often (one write per visitor per hour). */
const SLIDE_EVERY_MS = 60 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export async function createMemberSession(
  db: Db,
  member: Pick<Member, 'id' | 'organizationId'>,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(memberSessions).values({
    organizationId: member.organizationId,
    memberId: member.id,
    tokenHash: sha256(token),
    expiresAt,
    lastSeenAt: now,
  });
  return { token, expiresAt };
}

/** The signed-in member of this board for a cookie's token, or undefined; slides the expiry. */
export async function memberForSession(
  db: Db,
  orgId: number,
  token: string | undefined,
  now = new Date(),
): Promise<Member | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ member: members, session: memberSessions })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(
      and(
        eq(memberSessions.tokenHash, sha256(token)),
        eq(memberSessions.organizationId, orgId),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, now),
        ne(members.approvalStatus, 'rejected'),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (now.getTime() - row.session.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    await db
      .update(memberSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(memberSessions.id, row.session.id));
  }
  return row.member;
}

/** Signs this browser out. */
export async function revokeMemberSession(db: Db, token: string, now = new Date()): Promise<void> {
  await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(eq(memberSessions.tokenHash, sha256(token)));
}

/** Signs the member out everywhere. */
export async function revokeAllMemberSessions(db: Db, memberId: string, now = new Date()): Promise<number> {
  const revoked = await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)))
    .returning({ id: memberSessions.id });
  return revoked.length;
}
