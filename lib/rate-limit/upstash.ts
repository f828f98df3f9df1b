import { Redis } from '@upstash/redis';
import { SLIDING_LOG_SCRIPT, StoredSlidingLog } from './sliding-log';

// Fail open after a second: a slow Redis must not take the API down with it.
const TIMEOUT_MS = 1000;

/** The sliding log in Upstash Redis over REST, the same script as the Redis driver's. */
export class UpstashRateLimiter extends StoredSlidingLog {
  readonly name = 'upstash';
  private readonly script;

  constructor(options: { url: string; token: string }, prefix: () => Promise<string>) {
    super(prefix);
    const redis = new Redis({ url: options.url, token: options.token });
    this.script = redis.createScript<[number, number, number]>(SLIDING_LOG_SCRIPT);
  }

  protected async runScript(key: string, args: string[]) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Upstash did not answer in time.')), TIMEOUT_MS);
    });
    return Promise.race([this.script.exec([key], args), timeout]).finally(() => clearTimeout(timer));
  }
}
