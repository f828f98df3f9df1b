import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { secrets, webhookSubscriptions } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { createKeyRing, envelopeKeyId, open, SealedValueError, seal } from './crypto';
import { resealAll } from './reseal';
import { secretContext } from './service';

const oldKey = randomBytes(32).toString('base64');
const newKey = randomBytes(32).toString('base64');
const oldRing = createKeyRing(oldKey);
const rotated = createKeyRing(newKey, [oldKey]);
const newOnly = createKeyRing(newKey);

/** An organization with two vault secrets and a webhook with a current and a previous signing secret. */
async function sealedUnderOldKey() {
  const db = await getDb();
  const { organization } = await createTenant();
  const orgId = organization.id;
  await db.insert(secrets).values(
    ['alpha', 'beta'].map((name) => ({
      organizationId: orgId,
      name,
      sealedValue: seal(oldRing, `${name}-value`, secretContext(orgId, name)),
      updatedAt: new Date('2024-01-02T03:04:05Z'),
    })),
  );
  const [webhook] = await db
    .insert(webhookSubscriptions)
    .values({ organizationId: orgId, events: ['*'], eventsKey: '*', targetUrl: 'https://example.com/hook' })
    .returning();
  await db
    .update(webhookSubscriptions)
    .set({
      sealedSecret: seal(oldRing, 'whsec_current', `webhook:${webhook!.id}`),
      sealedPreviousSecret: seal(oldRing, 'whsec_previous', `webhook:${webhook!.id}`),
    })
    .where(eq(webhookSubscriptions.id, webhook!.id));
  return { db, orgId, webhookId: webhook!.id };
}

describe('resealAll', () => {
  it('re-seals every vault value and webhook secret under the current key, keeping updated_at', async () => {
    const { db, orgId, webhookId } = await sealedUnderOldKey();
    const first = await resealAll(db, rotated);
    expect(first.keyId).toBe(rotated.current.id);
    expect(first.secrets).toEqual({ resealed: 2, unchanged: 0 });
    expect(first.webhookSecrets).toEqual({ resealed: 2, unchanged: 0 });

    const stored = await db.select().from(secrets).where(eq(secrets.organizationId, orgId));
    for (const row of stored) {
      expect(envelopeKeyId(row.sealedValue)).toBe(rotated.current.id);
      expect(open(newOnly, row.sealedValue, secretContext(orgId, row.name))).toBe(`${row.name}-value`);
      expect(row.updatedAt.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    }
    const [webhook] = await db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, webhookId));
    expect(open(newOnly, webhook!.sealedSecret!, `webhook:${webhookId}`)).toBe('whsec_current');
    expect(open(newOnly, webhook!.sealedPreviousSecret!, `webhook:${webhookId}`)).toBe('whsec_previous');

    const again = await resealAll(db, rotated);
    expect(again.secrets).toEqual({ resealed: 0, unchanged: 2 });
    expect(again.webhookSecrets).toEqual({ resealed: 0, unchanged: 2 });
  });

  it('stops with the key id when a value was sealed under a key that is no longer configured', async () => {
    const { db } = await sealedUnderOldKey();
    const error = await resealAll(db, newOnly).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SealedValueError);
    expect((error as Error).message).toContain(`master key ${oldRing.current.id}, which is not configured`);
  });
});
