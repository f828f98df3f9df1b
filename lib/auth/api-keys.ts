import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { prepared } from '@/db/prepared';
import { type ApiKey, type ApiKeyScope, apiKeys, organizations } from '@/db/schema';
import { type AuthenticatedKey, keyCacheFor, organizationChanged } from '@/lib/cache';

export type { AuthenticatedKey } from '@/lib/cache';

const KEY_PREFIX = 'bk_';
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 8;
const LAST_USED_THROTTLE_MS = 60_000;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(30).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export interface NewApiKey {
  name: string;
  scope?: ApiKeyScope;
  createdBy?: string | null;
}

/** Creates a key and returns its plaintext once; only the hash and display prefix are stored. */
export async function createApiKey(db: Database, orgId: number, input: NewApiKey) {
  const plaintext = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      organizationId: orgId,
      name: input.name,
      scope: input.scope ?? 'full',
      createdBy: input.createdBy ?? null,
      keyHash: hashApiKey(plaintext),
      prefix: displayPrefix(plaintext),
    })
    .returning();
  return { apiKey: row!, plaintext };
}

export function listApiKeys(db: Database, orgId: number): Promise<ApiKey[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.organizationId, orgId)).orderBy(desc(apiKeys.createdAt));
}

/** Revokes one active key by id; returns it, or undefined when it is not an active key of the org. */
export async function revokeApiKey(db: Database, orgId: number, id: string): Promise<ApiKey | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.organizationId, orgId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  await organizationChanged(db, orgId);
  return row;
}

/** Revokes every active key of the org whose display prefix is `prefix`. */
export async function revokeApiKeysByPrefix(db: Database, orgId: number, prefix: string): Promise<ApiKey[]> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.organizationId, orgId), eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
    .returning();
  await organizationChanged(db, orgId);
  return rows;
}

/**
 * Resolves a presented key to its active key row and organization, or null. Answers from the key
 * cache while the database's change feed is live, so most requests make no query for it.
 */
export async function authenticateApiKey(db: Database, presented: string): Promise<AuthenticatedKey | null> {
  if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
  const hash = hashApiKey(presented);
  const cache = keyCacheFor(db);
  const cached = await cache?.get(hash);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const lookup = prepared(db, 'authenticate_api_key', () =>
    db
      .select({ apiKey: apiKeys, organization: organizations })
      .from(apiKeys)
      .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
      .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
      .limit(1)
      .prepare('authenticate_api_key'),
  );
  const [row] = await lookup.execute({ hash });
  if (!row) return null;
  // The index lookup already matched; compare again in constant time so no branch depends on bytes.
  if (!timingSafeEqual(Buffer.from(row.apiKey.keyHash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  void cache?.set(hash, row, generation);
  return row;
}

/** Records use at most once a minute per key, so hot keys do not write on every request. */
export async function touchApiKey(db: Database, apiKey: ApiKey, now = new Date()): Promise<void> {
  if (apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() < LAST_USED_THROTTLE_MS) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, apiKey.id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${new Date(now.getTime() - LAST_USED_THROTTLE_MS)})`,
      ),
    );
  // The row may be the key cache's: later requests of this minute then skip the update.
  apiKey.lastUsedAt = now;
}
