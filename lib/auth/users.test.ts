import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { memberships, users } from '@/db/schema';
import { ensureOAuthUser, listMemberships, signUp, signUpSchema, verifyCredentials } from './users';

const input = (email: string) => ({
  name: 'Olivia',
  email,
  password: 'correct horse',
  organizationName: 'Acme Careers',
});

describe('dashboard accounts', () => {
  it('signs up a user who owns a new organization; the password is stored as argon2id', async () => {
    const db = await getDb();
    const { user, organization } = await signUp(db, input('olivia@example.com'));
    expect(organization.slug).toMatch(/^acme-careers/);
    expect(await listMemberships(db, user.id)).toEqual([{ organization, role: 'owner' }]);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('correct horse');
  });

  it('refuses a second account with the same email, in any case, and writes nothing', async () => {
    const db = await getDb();
    await signUp(db, input('dup@example.com'));
    const before = await db.select().from(memberships);
    await expect(signUp(db, signUpSchema.parse(input('DUP@Example.com')))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await db.select().from(memberships)).toHaveLength(before.length);
  });

  it('verifies credentials', async () => {
    const db = await getDb();
    await signUp(db, input('sam@example.com'));
    expect((await verifyCredentials(db, 'SAM@example.com', 'correct horse'))?.email).toBe('sam@example.com');
    expect(await verifyCredentials(db, 'sam@example.com', 'wrong')).toBeNull();
    expect(await verifyCredentials(db, 'nobody@example.com', 'correct horse')).toBeNull();
  });

  it('validates sign-up input', () => {
    const result = signUpSchema.safeParse({
      name: '',
      email: 'not-an-email',
      password: 'short',
      organizationName: '',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toEqual([
      'name',
      'email',
      'password',
      'organizationName',
    ]);
  });

  it('creates an OAuth account with its own organization once', async () => {
    const db = await getDb();
    const first = await ensureOAuthUser(db, { email: 'Gh@Example.com', name: 'Grace' });
    const again = await ensureOAuthUser(db, { email: 'gh@example.com', name: 'Grace' });
    expect(again.id).toBe(first.id);
    const owned = await listMemberships(db, first.id);
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({ role: 'owner', organization: { name: "Grace's board" } });
  });
});
