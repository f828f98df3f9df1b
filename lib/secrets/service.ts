import { and, eq, sql } from 'drizzle-orm';
import { secrets } from '@/db/schema';
import { notFound } from '@/lib/core/errors';
import type { Db } from '@/lib/core/transaction';
import { sealSecret } from './crypto';
import { SECRET_REF_PREFIX, type SecretOut, type SetSecretInput } from './schemas';

/** Sealing context of a vault value: a sealed value copied to another row or organization fails to open. */
export const secretContext = (orgId: number, name: string) => `secret:${orgId}:${name}`;

export const secretReference = (name: string) => `${SECRET_REF_PREFIX}${name}`;

/** Names and dates of the organization's secrets, by name (byte order, the same on every database). */
export async function listSecrets(db: Db, orgId: number): Promise<SecretOut[]> {
  const rows = await db
    .select({ name: secrets.name, createdAt: secrets.createdAt, updatedAt: secrets.updatedAt })
    .from(secrets)
    .where(eq(secrets.organizationId, orgId))
    .orderBy(sql`${secrets.name} collate "C"`);
  return rows.map((row) => ({
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/**
 * Creates the secret or replaces its value (rotation) in one statement, so concurrent writes of a
 * name leave one row. `xmax = 0` holds only for a freshly inserted row, which tells the two apart.
 */
export async function setSecret(
  db: Db,
  orgId: number,
  input: SetSecretInput,
): Promise<{ name: string; created: boolean }> {
  const [row] = await db
    .insert(secrets)
    .values({
      organizationId: orgId,
      name: input.name,
      sealedValue: sealSecret(input.value, secretContext(orgId, input.name)),
    })
    .onConflictDoUpdate({
      target: [secrets.organizationId, secrets.name],
      set: { sealedValue: sql`excluded.sealed_value`, updatedAt: sql`now()` },
    })
    .returning({ name: secrets.name, created: sql<boolean>`xmax = 0` });
  return { name: row!.name, created: row!.created };
}

export async function deleteSecret(db: Db, orgId: number, name: string): Promise<void> {
  const deleted = await db
    .delete(secrets)
    .where(and(eq(secrets.organizationId, orgId), eq(secrets.name, name)))
    .returning({ id: secrets.id });
  if (deleted.length === 0) throw notFound(`Secret '${name}'`);
}
