// Per organization: the time zone analytics days are read in, and how long raw events are kept.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { analyticsSettings } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import type { Db } from '@/lib/core/transaction';

export const DEFAULT_RETENTION_DAYS = 90;

export const analyticsSettingsSchema = z
  .object({
    timezone: z.string().describe('IANA time zone the days of GET /analytics are read in.'),
    retention_days: z.number().int().describe('Raw events older than this many days are deleted.'),
  })
  .meta({ id: 'AnalyticsSettings' });

export const putAnalyticsSettingsBodySchema = z
  .object({
    timezone: z
      .string()
      .refine((zone) => zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone), {
        error: 'Expected an IANA time zone such as Europe/Berlin or UTC',
      })
      .optional(),
    retention_days: z.number().int().min(1).max(3650).optional(),
  })
  .strict()
  .refine((body) => body.timezone !== undefined || body.retention_days !== undefined, {
    error: 'Send `timezone` and/or `retention_days`.',
  });

export type AnalyticsSettingsOut = z.infer<typeof analyticsSettingsSchema>;

export async function getAnalyticsSettings(db: Db, orgId: number): Promise<AnalyticsSettingsOut> {
  const [row] = await db.select().from(analyticsSettings).where(eq(analyticsSettings.organizationId, orgId));
  return { timezone: row?.timezone ?? 'UTC', retention_days: row?.retentionDays ?? DEFAULT_RETENTION_DAYS };
}

export async function putAnalyticsSettings(
  db: Db,
  orgId: number,
  input: z.infer<typeof putAnalyticsSettingsBodySchema>,
): Promise<AnalyticsSettingsOut> {
  const current = await getAnalyticsSettings(db, orgId);
  const next = {
    timezone: input.timezone ?? current.timezone,
    retentionDays: input.retention_days ?? current.retention_days,
  };
  await db
    .insert(analyticsSettings)
    .values({ organizationId: orgId, ...next })
    .onConflictDoUpdate({
      target: analyticsSettings.organizationId,
      set: { ...next, updatedAt: new Date() },
    });
  await bumpRevision(db, orgId);
  return { timezone: next.timezone, retention_days: next.retentionDays };
}
