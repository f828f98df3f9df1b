import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { analyticsEvents } from '@/db/schema';
import { pruneEvents } from '@/lib/analytics';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { GET, PUT } from './route';

const put = (key: string, body: unknown) =>
  call(PUT, { method: 'PUT', path: '/organization/analytics', apiKey: key, body });

describe('GET and PUT /api/organization/analytics', () => {
  it('defaults to UTC and 90 days, keeps what is left out, and refuses bad values', async () => {
    const { key } = await createTenant();
    expect((await call(GET, { path: '/organization/analytics', apiKey: key })).body.data).toEqual({
      timezone: 'UTC',
      retention_days: 90,
    });
    expect((await put(key, { timezone: 'Europe/Berlin' })).body.data).toEqual({
      timezone: 'Europe/Berlin',
      retention_days: 90,
    });
    expect((await put(key, { retention_days: 30 })).body.data).toEqual({
      timezone: 'Europe/Berlin',
      retention_days: 30,
    });
    for (const body of [
      {},
      { timezone: 'Mars/Olympus' },
      { retention_days: 0 },
      { retention_days: 1.5 },
      { retention_days: 4000 },
      { colour: 'red' },
    ]) {
      expect((await put(key, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('retention', () => {
  it('deletes raw events past each organization’s retention and nothing newer', async () => {
    const short = await createTenant();
    const standard = await createTenant();
    await put(short.key, { retention_days: 7 });
    const db = await getDb();
    const now = new Date('2026-11-25T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    for (const orgId of [short.organization.id, standard.organization.id]) {
      await db.insert(analyticsEvents).values(
        [1, 8, 100].map((days) => ({
          organizationId: orgId,
          occurredAt: daysAgo(days),
          name: 'pageview',
          path: '/',
          visitor: `v${days}`,
          device: 'desktop',
        })),
      );
    }
    await pruneEvents(db, now);
    const left = async (orgId: number) =>
      (await db.select().from(analyticsEvents).where(eq(analyticsEvents.organizationId, orgId)))
        .map((event) => event.visitor)
        .sort();
    expect(await left(short.organization.id)).toEqual(['v1']);
    expect(await left(standard.organization.id)).toEqual(['v1', 'v8']);
  });
});
