import Redis from 'ioredis';
import { env } from './env';
import { logError } from './logger';

/** How long a Redis command may take before its caller treats Redis as away. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

// Process-wide, as the database is: every route bundle's copy of this module shares one connection.
const globalForRedis = globalThis as typeof globalThis & { __boardkitRedis?: Map<string, Redis> };
globalForRedis.__boardkitRedis ??= new Map();
const connections = globalForRedis.__boardkitRedis;

/**
 * The shared connection to the Redis at `url` (default REDIS_URL), or undefined when none is
 * configured. Commands time out instead of queueing while Redis is away, and it reconnects on its own.
 */
export function redisConnection(url = env().REDIS_URL): Redis | undefined {
  if (!url) return undefined;
  let redis = connections.get(url);
  if (!redis) {
    redis = new Redis(url, {
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // One log line per outage, not one per reconnect attempt; failed commands report themselves.
    let reported = false;
    redis.on('error', (error) => {
      if (!reported) logError('Redis unavailable', error);
      reported = true;
    });
    redis.on('ready', () => {
      reported = false;
    });
    connections.set(url, redis);
  }
  return redis;
}

/** Closes every connection this process opened (tests, shutdown). */
export async function closeRedisConnections(): Promise<void> {
  const open = [...connections.values()];
  connections.clear();
  await Promise.all(open.map((redis) => redis.quit().catch(() => redis.disconnect())));
}
