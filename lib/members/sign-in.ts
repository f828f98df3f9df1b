// Sign-in on the board by email: one message holding a link and a 6-digit code. The answer to a
// request is the same whether or not the address has an account.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Member, memberSignInTokens, members, type Organization } from '@/db/schema';
import { linkApplicationsByEmail } from '@/lib/applications';
import { authSecret } from '@/lib/core/env';
import { type Db, transaction } from '@/lib/core/transaction';
import { type MailBrand, queueMail } from '@/lib/mail';
import { enforceThrottle, throttles } from '@/lib/rate-limit';
import { queueApprovalRequest } from './approval-mail';
import type { MemberRole } from './schemas';
import { createMember, findMemberByEmail } from './service';
import { signInMail } from './sign-in-mail';

export const SIGN_IN_TTL_MS = 10 * 60_000;
export const MAX_WRONG_CODES = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const codeHash = (tokenId: string, code: string) =>
  createHmac('sha256', authSecret()).update(`${tokenId}:${code}`).digest('base64url');

/**
 * Sends the sign-in mail for `email` on `org`'s board; `links` builds the board's absolute URLs.
 * Refused (429 in the caller's words) past the requesting client's mail limits (`throttles.boardMail`).
 */
export async function requestSignIn(
  db: Database,
  org: Pick<Organization, 'id'>,
  brand: MailBrand,
  input: { email: string; role: MemberRole; clientAddress: string },
  verifyUrl: (link: string) => string,
  now = new Date(),
): Promise<void> {
  const email = input.email.toLowerCase();
  await enforceThrottle(
    throttles.boardMail,
    { client: input.clientAddress, target: email },
    (minutes) => `Too many sign-in requests. Try again in ${minutes} minute(s).`,
  );
  const link = randomBytes(32).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await transaction(db, async (tx) => {
    const [token] = await tx
      .insert(memberSignInTokens)
      .values({
        organizationId: org.id,
        email,
        role: input.role,
        linkHash: sha256(link),
        codeHash: 'pending',
        expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS),
      })
      .returning({ id: memberSignInTokens.id });
    await tx
      .update(memberSignInTokens)
      .set({ codeHash: codeHash(token!.id, code) })
      .where(eq(memberSignInTokens.id, token!.id));
    await queueMail(tx, {
      kind: 'member_sign_in',
      organizationId: org.id,
      to: email,
      ...signInMail(brand, { code, link: verifyUrl(link) }),
    });
  });
}

export type SignInResult = { ok: true; member: Member } | { ok: false; reason: string };

/** The sign-in link's POST: the token from the link, once, within 10 minutes. */
export async function signInWithLink(db: Database, orgId: number, link: string, now = new Date()) {
  return transaction(db, async (tx): Promise<SignInResult> => {
    const [token] = await tx
      .select()
      .from(memberSignInTokens)
      .where(and(eq(memberSignInTokens.organizationId, orgId), eq(memberSignInTokens.linkHash, sha256(link))))
      .for('update');
    if (!token || token.usedAt || token.expiresAt <= now || token.wrongCodes >= MAX_WRONG_CODES) {
      return { ok: false, reason: 'This sign-in link has expired or was already used. Ask for a new one.' };
    }
    return complete(tx, orgId, token, now);
  });
}

/** The code typed on the board: the newest open request for the address; 5 wrong codes spend it. */
export async function signInWithCode(
  db: Database,
  orgId: number,
  email: string,
  code: string,
  now = new Date(),
) {
  return transaction(db, async (tx): Promise<SignInResult> => {
    const [token] = await tx
      .select()
      .from(memberSignInTokens)
      .where(
        and(
          eq(memberSignInTokens.organizationId, orgId),
          eq(memberSignInTokens.email, email.toLowerCase()),
          isNull(memberSignInTokens.usedAt),
          gt(memberSignInTokens.expiresAt, now),
        ),
      )
      .orderBy(desc(memberSignInTokens.createdAt))
      .limit(1)
      .for('update');
    const expired = 'This code has expired or was already used. Ask for a new one.';
    if (!token || token.wrongCodes >= MAX_WRONG_CODES) return { ok: false, reason: expired };
    const expected = Buffer.from(token.codeHash);
    const given = Buffer.from(codeHash(token.id, code.trim()));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const [updated] = await tx
        .update(memberSignInTokens)
        .set({ wrongCodes: sql`${memberSignInTokens.wrongCodes} + 1` })
        .where(eq(memberSignInTokens.id, token.id))
        .returning({ wrongCodes: memberSignInTokens.wrongCodes });
      const left = MAX_WRONG_CODES - updated!.wrongCodes;
      return {
        ok: false,
        reason:
          left > 0
            ? `That code is not right. ${left === 1 ? '1 attempt' : `${left} attempts`} left.`
            : expired,
      };
    }
    return complete(tx, orgId, token, now);
  });
}

/** Spends the token; an unknown address becomes a member, verified by this very sign-in. */
async function complete(
  tx: Db,
  orgId: number,
  token: typeof memberSignInTokens.$inferSelect,
  now: Date,
): Promise<SignInResult> {
  await tx.update(memberSignInTokens).set({ usedAt: now }).where(eq(memberSignInTokens.id, token.id));
  let member = await findMemberByEmail(tx, orgId, token.email);
  const firstProofOfAddress = !member?.emailVerifiedAt;
  if (!member) {
    const created = await createMember(tx, orgId, {
      email: token.email,
      name: token.email.split('@')[0]!,
      role: token.role as MemberRole,
      emailVerifiedAt: now,
    });
    if (created.role === 'employer' && created.approvalStatus === 'pending') {
      await queueApprovalRequest(tx, orgId, created);
    }
    member = (await findMemberByEmail(tx, orgId, created.email))!;
  }
  if (member.approvalStatus === 'rejected') {
    return {
      ok: false,
      reason: 'This account cannot sign in. Contact the board if you think this is a mistake.',
    };
  }
  if (firstProofOfAddress) await linkApplicationsByEmail(tx, orgId, member);
  const [signedIn] = await tx
    .update(members)
    .set({ lastSignInAt: now, emailVerifiedAt: member.emailVerifiedAt ?? now })
    .where(eq(members.id, member.id))
    .returning();
  return { ok: true, member: signedIn! };
}
