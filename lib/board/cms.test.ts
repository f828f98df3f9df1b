// The board's view of CMS collections behind the paywall.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createTenant } from '@/test/factories';
import { eventsCollection, postItem, upsertCollection } from '@/test/fixtures/cms';
import { paywalledCollection } from './cms';

describe('paywalledCollection', () => {
  it('names a gated collection, and with an item id only an item a subscriber would find (any made-up id answered the subscribe page, 200)', async () => {
    const db = await getDb();
    const { key, organization } = await createTenant();
    await upsertCollection(key, {
      ...eventsCollection,
      slug: 'reports',
      visibility: 'gated',
      required_entitlement: 'paywall',
    });
    await upsertCollection(key, { ...eventsCollection, slug: 'open-one' });
    const live = await postItem(key, 'reports', { data: { title: 'Q3' }, status: 'published' });
    const draft = await postItem(key, 'reports', { data: { title: 'Q4' }, status: 'draft' });

    expect(await paywalledCollection(db, organization, 'reports', 'paywall')).toMatchObject({
      slug: 'reports',
    });
    expect(
      await paywalledCollection(db, organization, 'reports', 'paywall', live.body.item.id),
    ).toMatchObject({
      slug: 'reports',
    });
    for (const id of [draft.body.item.id, '0190b4a1-7a7e-7000-8000-000000000001', 'anything']) {
      expect(await paywalledCollection(db, organization, 'reports', 'paywall', id)).toBeNull();
    }
    expect(await paywalledCollection(db, organization, 'open-one', 'paywall')).toBeNull();
    expect(await paywalledCollection(db, organization, 'missing', 'paywall')).toBeNull();
  });
});
