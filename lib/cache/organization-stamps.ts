import type { Database } from '@/db/client';
import { installationId } from '@/db/installation';
import { logError } from '@/lib/core/logger';
import { redisConnection } from '@/lib/core/redis';

/**
 * With REDIS_URL, a counter per organization in the deployment's Redis: the instance that commits a
 * change advances it before the write answers, and every instance compares it with the one its cached
 * rows were read under. An instance then never answers from rows older than a write whose answer
 * anyone has received (read-after-write across instances), where the change feed alone tells it a
 * moment after the writer has answered.
 */
export interface OrganizationStamps {
  /** The organization's stamp, or undefined when Redis cannot tell (then the change feed decides). */
  read(organizationId: number): Promise<string | undefined>;
  advance(organizationId: number): Promise<void>;
}

/**
 * How long a stamp outlives its organization's last change. A cached entry lives a minute at most
 * (FeedCache), so a stamp that lapsed and counts again from 1 can never match an entry read under
 * its old count; without a bound, every organization that ever changed kept a key.
 */
export const STAMP_TTL_MS = 24 * 60 * 60_000;

/** The deployment's stamps, or undefined without REDIS_URL (one instance, or the change feed alone). */
export function organizationStamps(db: Database): OrganizationStamps | undefined {
  const redis = redisConnection();
  if (!redis) return undefined;
  const key = async (organizationId: number) =>
    `boardkit:${await installationId(db)}:organization-stamp:${organizationId}`;
  return {
    async read(organizationId) {
      // Not connected (starting, or Redis away): not worth a wait on every request for a command
      // that would time out; the feed decides meanwhile. A write's `advance` does wait, up to the
      // command timeout, so a change made by a fresh process (the admin CLI) is stamped.
      if (redis.status !== 'ready') return undefined;
      try {
        return (await redis.get(await key(organizationId))) ?? '0';
      } catch {
        return undefined;
      }
    },
    async advance(organizationId) {
      try {
        const stamp = await key(organizationId);
        await redis.multi().incr(stamp).pexpire(stamp, STAMP_TTL_MS).exec();
      } catch (error) {
        logError('organization_stamp_not_advanced', error);
      }
    },
  };
}
