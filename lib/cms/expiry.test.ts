import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createTenant } from '@/test/factories';
import {
  emittedEvents,
  eventsCollection,
  getItem,
  postItem,
  subscribeToEverything,
  upsertCollection,
} from '@/test/fixtures/cms';
import { expireDueItems } from './expiry';

describe('expireDueItems', () => {
  it('moves published items past expires_at to expired, once, with cms_item.expired', async () => {
    const { key, organization } = await createTenant();
    await upsertCollection(key, eventsCollection);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const due = await postItem(key, 'events', {
      data: { title: 'Due' },
      status: 'published',
      expires_at: soon,
    });
    const draft = await postItem(key, 'events', {
      data: { title: 'Draft' },
      status: 'draft',
      expires_at: soon,
    });
    const later = await postItem(key, 'events', {
      data: { title: 'Later' },
      status: 'published',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await subscribeToEverything(organization.id);
    const db = await getDb();
    const inTwoMinutes = new Date(Date.now() + 120_000);
    expect(await expireDueItems(db, inTwoMinutes)).toBeGreaterThanOrEqual(1);
    expect((await getItem(key, 'events', due.body.item.id)).body.item.status).toBe('expired');
    expect((await getItem(key, 'events', draft.body.item.id)).body.item.status).toBe('draft');
    expect((await getItem(key, 'events', later.body.item.id)).body.item.status).toBe('published');
    const events = await emittedEvents(organization.id);
    expect(events).toEqual([
      {
        type: 'cms_item.expired',
        data: expect.objectContaining({ id: due.body.item.id, status: 'expired' }),
      },
    ]);
    await expireDueItems(db, inTwoMinutes);
    expect(await emittedEvents(organization.id)).toHaveLength(1);
  });
});
