import type Redis from 'ioredis';
import { SLIDING_LOG_SCRIPT, StoredSlidingLog } from './sliding-log';

type SlidingLog = (key: string, ...args: string[]) => Promise<[number, number, number]>;

/**
 * The sliding log in the deployment's Redis (REDIS_URL). A Redis that is away or slow past the
 * connection's command timeout fails open (StoredSlidingLog).
 */
export class RedisRateLimiter extends StoredSlidingLog {
  readonly name = 'redis';
  private readonly slidingLog: SlidingLog;

  constructor(redis: Redis, prefix: () => Promise<string>) {
    super(prefix);
    redis.defineCommand('boardkitSlidingLog', { numberOfKeys: 1, lua: SLIDING_LOG_SCRIPT });
    const command = (redis as unknown as { boardkitSlidingLog: SlidingLog }).boardkitSlidingLog;
    this.slidingLog = command.bind(redis);
  }

  protected runScript(key: string, args: string[]) {
    return this.slidingLog(key, ...args);
  }
}
