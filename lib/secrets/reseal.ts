import { and, asc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { secrets, webhookSubscriptions } from '@/db/schema';
import { configuredKeyRing, envelopeKeyId, type KeyRing, open, seal } from './crypto';
import { secretContext } from './service';

export interface ResealCounts {
  /** Re-sealed under the current key. */
  resealed: number;
  /** Already under the current key, or rewritten by someone else meanwhile. */
  unchanged: number;
}

const BATCH = 500;

/** Visits every row `page` yields, in id order, a batch at a time. */
async function eachRow<T extends { id: string }>(
  page: (after: string | undefined) => Promise<T[]>,
  visit: (row: T) => Promise<void>,
): Promise<void> {
  for (let rows = await page(undefined); rows.length > 0; rows = await page(rows.at(-1)!.id)) {
    for (const row of rows) await visit(row);
  }
}

/**
 * Re-seals one envelope under the current key unless it already is; `write` stores the new envelope
 * only where the old one is still in place and returns the rows it changed.
 */
async function resealOne(
  ring: KeyRing,
  counts: ResealCounts,
  envelope: string,
  context: string,
  write: (next: string) => Promise<unknown[]>,
): Promise<void> {
  const stale = envelopeKeyId(envelope) !== ring.current.id;
  const written = stale && (await write(seal(ring, open(ring, envelope, context), context))).length > 0;
  counts[written ? 'resealed' : 'unchanged'] += 1;
}

/**
 * Master-key rotation: re-seals every vault value and webhook signing secret under the current key,
 * so the previous keys can then be dropped from SECRETS_PREVIOUS_KEYS. Each write is conditional on
 * the envelope it replaces, so a value rotated meanwhile is left as its writer sealed it; updated_at
 * is kept, since no value changes. Stops at the first value no configured key opens.
 */
export async function resealAll(
  db: Database,
  ring: KeyRing = configuredKeyRing(),
): Promise<{ keyId: string; secrets: ResealCounts; webhookSecrets: ResealCounts }> {
  const secretCounts: ResealCounts = { resealed: 0, unchanged: 0 };
  await eachRow(
    (after) =>
      db
        .select()
        .from(secrets)
        .where(after ? gt(secrets.id, after) : undefined)
        .orderBy(asc(secrets.id))
        .limit(BATCH),
    (row) =>
      resealOne(ring, secretCounts, row.sealedValue, secretContext(row.organizationId, row.name), (next) =>
        db
          .update(secrets)
          .set({ sealedValue: next, updatedAt: row.updatedAt })
          .where(and(eq(secrets.id, row.id), eq(secrets.sealedValue, row.sealedValue)))
          .returning({ id: secrets.id }),
      ),
  );

  const webhookCounts: ResealCounts = { resealed: 0, unchanged: 0 };
  await eachRow(
    (after) =>
      db
        .select()
        .from(webhookSubscriptions)
        .where(
          and(
            after ? gt(webhookSubscriptions.id, after) : undefined,
            or(
              isNotNull(webhookSubscriptions.sealedSecret),
              isNotNull(webhookSubscriptions.sealedPreviousSecret),
            ),
          ),
        )
        .orderBy(asc(webhookSubscriptions.id))
        .limit(BATCH),
    async (row) => {
      for (const column of ['sealedSecret', 'sealedPreviousSecret'] as const) {
        const envelope = row[column];
        if (envelope === null) continue;
        await resealOne(ring, webhookCounts, envelope, `webhook:${row.id}`, (next) =>
          db
            .update(webhookSubscriptions)
            .set({ [column]: next, updatedAt: row.updatedAt })
            .where(and(eq(webhookSubscriptions.id, row.id), eq(webhookSubscriptions[column], envelope)))
            .returning({ id: webhookSubscriptions.id }),
        );
      }
    },
  );

  return { keyId: ring.current.id, secrets: secretCounts, webhookSecrets: webhookCounts };
}
