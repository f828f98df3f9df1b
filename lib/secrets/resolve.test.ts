import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { getDb } from '@/db/client';
import { secrets } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { SealedValueError } from './crypto';
import { isSecretRef, resolveSecretRef, secretRefSchema } from './resolve';
import { deleteSecret, setSecret } from './service';

describe('resolveSecretRef', () => {
  it('returns a value that is not a reference unchanged', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    for (const value of [
      '',
      'plain value',
      'whsec_abc',
      'Vault:x',
      ' vault:x',
      'vault',
      'https://x/?vault:y',
    ]) {
      expect(isSecretRef(value)).toBe(false);
      expect(await resolveSecretRef(db, organization.id, value)).toBe(value);
    }
  });

  it('follows the secret through rotation and deletion; unknown names resolve to an empty value', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    await setSecret(db, organization.id, { name: 'smtp_password', value: 'first' });
    expect(await resolveSecretRef(db, organization.id, 'vault:smtp_password')).toBe('first');
    await setSecret(db, organization.id, { name: 'smtp_password', value: 'second' });
    expect(await resolveSecretRef(db, organization.id, 'vault:smtp_password')).toBe('second');
    await deleteSecret(db, organization.id, 'smtp_password');
    expect(await resolveSecretRef(db, organization.id, 'vault:smtp_password')).toBe('');
    expect(await resolveSecretRef(db, organization.id, 'vault:never-set')).toBe('');
    expect(await resolveSecretRef(db, organization.id, 'vault:')).toBe('');
  });

  it("never resolves another organization's secret", async () => {
    const db = await getDb();
    const a = await createTenant();
    const b = await createTenant();
    await setSecret(db, a.organization.id, { name: 'shared-name', value: 'a-value' });
    expect(await resolveSecretRef(db, b.organization.id, 'vault:shared-name')).toBe('');
    await setSecret(db, b.organization.id, { name: 'shared-name', value: 'b-value' });
    expect(await resolveSecretRef(db, a.organization.id, 'vault:shared-name')).toBe('a-value');
    expect(await resolveSecretRef(db, b.organization.id, 'vault:shared-name')).toBe('b-value');
  });

  it("refuses a sealed value copied into another organization's or name's row", async () => {
    const db = await getDb();
    const a = await createTenant();
    const b = await createTenant();
    await setSecret(db, a.organization.id, { name: 'token', value: 'a-token' });
    await setSecret(db, b.organization.id, { name: 'token', value: 'b-token' });
    await setSecret(db, a.organization.id, { name: 'other', value: 'other' });
    const row = (orgId: number, name: string) =>
      and(eq(secrets.organizationId, orgId), eq(secrets.name, name));
    const [sealed] = await db.select().from(secrets).where(row(a.organization.id, 'token'));
    await db.update(secrets).set({ sealedValue: sealed!.sealedValue }).where(row(b.organization.id, 'token'));
    await db.update(secrets).set({ sealedValue: sealed!.sealedValue }).where(row(a.organization.id, 'other'));
    await expect(resolveSecretRef(db, b.organization.id, 'vault:token')).rejects.toThrow(SealedValueError);
    await expect(resolveSecretRef(db, a.organization.id, 'vault:other')).rejects.toThrow(SealedValueError);
    expect(await resolveSecretRef(db, a.organization.id, 'vault:token')).toBe('a-token');
  });
});

describe('secretRefSchema', () => {
  const messages = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message);

  it('accepts vault:<name> with a valid name only', () => {
    expect(secretRefSchema.safeParse('vault:stripe_key-2').success).toBe(true);
    expect(secretRefSchema.safeParse(`vault:${'a'.repeat(64)}`).success).toBe(true);
    expect(messages(secretRefSchema.safeParse('stripe_key'))).toEqual(['Expected vault:<name>']);
    expect(messages(secretRefSchema.safeParse(`vault:${'a'.repeat(65)}`))).toEqual([
      'Secret name: Must be at most 64 characters',
    ]);
    expect(messages(secretRefSchema.safeParse('vault:Stripe Key'))).toEqual([
      'Secret name: Use lowercase letters, digits, _ and - only',
    ]);
  });
});
