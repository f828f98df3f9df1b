// "Forgot your password?": a link mailed to the account's address that sets a new password once,
// within an hour. Asking never tells whether an account uses the address, and a new password ends
// every session the account had (credentialsChangedAt, checked in auth.ts).
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { passwordResets, users } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { formatDate } from '@/lib/core/format';
import { MINUTE_MS } from '@/lib/core/time';
import { type Db, transaction } from '@/lib/core/transaction';
import { queueMail, renderMail } from '@/lib/mail';
import { appUrl, DEFAULT_ACCENT } from '@/lib/organizations';
import { hashPassword } from './passwords';
import { signUpSchema } from './users';

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE_MS;

export const newPasswordSchema = signUpSchema.pick({ password: true });

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Mails a reset link to the account that uses `email`, replacing any link sent before; nothing when
 * no account does (the caller answers alike either way). Accounts that sign in only with GitHub or
 * Google get one too: it adds a password.
 */
export async function requestPasswordReset(db: Database, email: string, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const values = {
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      createdAt: now,
    };
    await tx
      .insert(passwordResets)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: passwordResets.userId, set: values });
    await queueMail(tx, {
      kind: 'password_reset',
      organizationId: null,
      to: user.email,
      ...passwordResetMail(`${appUrl()}/reset-password/${token}`, values.expiresAt),
    });
  });
}

function passwordResetMail(url: string, expiresAt: Date) {
  return renderMail(
    { name: 'Boardkit', accent: DEFAULT_ACCENT },
    {
      subject: 'Choose a new Boardkit password',
      heading: 'Choose a new password',
      paragraphs: [
        'Someone, probably you, asked to choose a new password for the Boardkit account of this address.',
        `The link works once, until ${formatDate(expiresAt, 'en-GB', 'dateTime')} UTC. Choosing a new password signs this account out of every browser.`,
      ],
      button: { label: 'Choose a new password', url, secret: true },
      footer: ['If you did not ask for this, ignore this email: your password stays as it is.'],
    },
  );
}

export type PasswordResetLookup = { ok: true; email: string } | { ok: false; reason: string };

const deadLink =
  'This link does not work: it was used already, replaced by a newer one, or mistyped. Ask for a new one.';
const expiredLink = 'This link has expired: links work for an hour. Ask for a new one.';

/** The address a reset link is for, or why the link no longer works. */
export async function findPasswordReset(
  db: Db,
  token: string,
  now = new Date(),
): Promise<PasswordResetLookup> {
  const [row] = await db
    .select({ email: users.email, expiresAt: passwordResets.expiresAt })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash(token)));
  if (!row) return { ok: false, reason: deadLink };
  if (row.expiresAt <= now) return { ok: false, reason: expiredLink };
  return { ok: true, email: row.email };
}

/**
 * Sets the password of the link's account and uses the link up, in one transaction: two sends of
 * the form cannot both use it. The address counts as verified (the link reached its mailbox), and
 * every session the account had ends. Answers the address, to sign in with.
 */
export async function resetPassword(
  db: Database,
  token: string,
  input: z.infer<typeof newPasswordSchema>,
  now = new Date(),
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (tx) => {
    const [reset] = await tx
      .delete(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash(token)))
      .returning();
    if (!reset) throw new AppError('conflict', deadLink);
    if (reset.expiresAt <= now) throw new AppError('conflict', expiredLink);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        credentialsChangedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
        updatedAt: now,
      })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    return { email: user!.email };
  });
}
