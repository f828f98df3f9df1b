// Visitor identity without cookies or personal data (Plausible's scheme): a hash of the
// organization, the client address and the user agent under a random salt that lives one UTC day.
// Yesterday's salt is deleted once today's exists, so no hash can be recomputed later.
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { analyticsSalts } from '@/db/schema';
import { DAY_MS } from '@/lib/core/time';
import type { Db } from '@/lib/core/transaction';
import { clientKey, getRateLimiter, throttle, throttles } from '@/lib/rate-limit';

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
// A limiter's day windows start at UTC midnight, as salts do: a visitor is new once a day.
// No browser sends it (an empty user agent is a bot's): the one visitor of a client past its cap.
const OVERFLOW_AGENT = '\u0000';

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

/**
 * The visitor an event counts for: its own hash, once the limiter has counted it today. A client
 * adds at most `throttles.newVisitor` visitors to a board; past that, its other browsers count as
 * one visitor, so rotating user agents (or IPv6 addresses within a /64) adds one.
 */
export async function countedVisitor(
  salt: string,
  orgId: number,
  address: string,
  userAgent: string,
): Promise<string> {
  const visitor = visitorHash(salt, orgId, address, userAgent);
  const limiter = getRateLimiter();
  const seen = `visitor:${visitor}`;
  if (!(await limiter.peek(seen, 1, DAY_MS)).success) return visitor;
  if (await throttle(throttles.newVisitor, { client: address, scope: orgId })) {
    return visitorHash(salt, orgId, clientKey(address), OVERFLOW_AGENT);
  }
  await limiter.limit(seen, 1, DAY_MS);
  return visitor;
}
