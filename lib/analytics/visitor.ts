// Visitor identity without cookies or personal data (Plausible's scheme): a hash of the
// organization, the client address and the user agent under a random salt that lives one UTC day.
// Yesterday's salt is deleted once today's exists, so no hash can be recomputed later.
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { analyticsSalts } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

let cached: { day: string; salt: string } | undefined;

/** Today's salt (UTC), made by whichever process asks first; older salts are removed. */
export async function saltOfDay(db: Db, now = new Date()): Promise<string> {
  const day = utcDay(now);
  if (cached?.day === day) return cached.salt;
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  cached = { day, salt: row!.salt };
  return cached.salt;
}

/** Forgets the cached salt (tests move the clock across midnight). */
export function resetSaltCache(): void {
  cached = undefined;
}

export function visitorHash(salt: string, orgId: number, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\u0000${orgId}\u0000${address}\u0000${userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}
