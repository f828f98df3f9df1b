import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import {
  type MembershipRole,
  memberships,
  type Organization,
  organizations,
  type User,
  users,
} from '@/db/schema';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError } from '@/lib/core/errors';
import { emailSchema } from '@/lib/core/fields';
import { transaction } from '@/lib/core/transaction';
import { createOrganization } from '@/lib/organizations';
import { organizationNameSchema } from '@/lib/organizations/schemas';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords';

export const signUpSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(120),
  email: emailSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(200, { error: 'Use at most 200 characters' }),
  organizationName: organizationNameSchema,
});

export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });

export type SignUpInput = z.infer<typeof signUpSchema>;

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * Whether a session still stands: its account exists and has not ended its sessions (a new password,
 * "sign out of every browser") since the session began, when the account's stamp was `credentialsAt`.
 */
export async function sessionStands(db: Database, userId: string, credentialsAt = 0): Promise<boolean> {
  const [user] = await db.select({ at: users.credentialsChangedAt }).from(users).where(eq(users.id, userId));
  return user !== undefined && (user.at?.getTime() ?? 0) <= credentialsAt;
}

/** Creates the account and its first organization (owned by it) in one transaction. */
export async function signUp(
  db: Database,
  input: SignUpInput,
): Promise<{ user: User; organization: Organization }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, name: input.name, passwordHash })
        .returning();
      const organization = await createOrganization(tx, {
        name: input.organizationName,
        owner: { userId: user!.id, role: 'owner' },
      });
      return { user: user!, organization };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'An account with this email already exists.');
    throw error;
  }
}

// Verified against when the email is unknown, so both paths take the same time.
const dummyHash = hashPassword('not-a-real-password');

export async function verifyCredentials(db: Database, email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    await verifyPassword(await dummyHash, password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/** Finds or creates the account for an OAuth sign-in; a new account gets its own organization. */
export async function ensureOAuthUser(
  db: Database,
  profile: { email: string; name?: string | null; image?: string | null },
): Promise<User> {
  const email = profile.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  return transaction(db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        name: profile.name ?? null,
        image: profile.image ?? null,
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return (await findUserByEmail(db, email))!;
    const name = profile.name ? `${profile.name}'s board` : 'My board';
    await createOrganization(tx, { name, owner: { userId: user.id } });
    return user;
  });
}

export interface OrganizationMembership {
  organization: Organization;
  role: MembershipRole;
}

export function listMemberships(db: Database, userId: string): Promise<OrganizationMembership[]> {
  return db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

export async function getMembership(
  db: Database,
  userId: string,
  organizationId: number,
): Promise<OrganizationMembership | undefined> {
  const [row] = await db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return row;
}

export async function addMember(db: Database, organizationId: number, userId: string, role: MembershipRole) {
  await db.insert(memberships).values({ organizationId, userId, role }).onConflictDoNothing();
}
