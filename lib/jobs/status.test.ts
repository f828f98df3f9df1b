import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { effectiveStatus, effectiveStatusSql, isLive, liveJobCondition } from './status';

const HOUR_MS = 60 * 60 * 1000;

describe('what live means', () => {
  it('is the same rule in SQL and in memory, and effective status agrees with both', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const now = Date.now();
    const cases = [
      { title: 'active, no expiry', status: 'active', expiresAt: null },
      { title: 'active, expires later', status: 'active', expiresAt: new Date(now + HOUR_MS) },
      { title: 'active, expired', status: 'active', expiresAt: new Date(now - HOUR_MS) },
      { title: 'draft', status: 'draft', expiresAt: null },
      { title: 'pending, expires later', status: 'pending', expiresAt: new Date(now + HOUR_MS) },
      { title: 'expired', status: 'expired', expiresAt: new Date(now - HOUR_MS) },
    ];
    await db.insert(jobs).values(
      cases.map((job, i) => ({
        ...job,
        organizationId: organization.id,
        slug: `job-${i}`,
        description: 'x',
        companyName: 'Acme',
      })),
    );
    const rows = await db
      .select({
        title: jobs.title,
        status: jobs.status,
        expiresAt: jobs.expiresAt,
        live: sql<boolean>`${liveJobCondition}`,
        effective: sql<string>`${effectiveStatusSql}`,
      })
      .from(jobs)
      .where(eq(jobs.organizationId, organization.id));

    const byTitle = Object.fromEntries(rows.map((row) => [row.title, row]));
    expect(
      rows
        .filter((row) => row.live)
        .map((row) => row.title)
        .sort(),
    ).toEqual(['active, expires later', 'active, no expiry']);
    for (const row of rows) {
      expect(isLive(row), row.title).toBe(row.live);
      expect(effectiveStatus(row), row.title).toBe(row.effective);
    }
    expect(byTitle['active, expired']!.effective).toBe('expired');
  });
});
