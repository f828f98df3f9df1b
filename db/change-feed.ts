import type Redis from 'ioredis';
import { logError } from '@/lib/core/logger';

/** The channel the triggers of migration 0004 notify, with an organization id as payload. */
export const ORGANIZATION_CHANGES_CHANNEL = 'organization_changes';

/**
 * Committed changes to organizations and their API keys, pushed by PostgreSQL (LISTEN/NOTIFY).
 * A listener gets the organization id, or null when notifications may have been missed (the
 * connection dropped): then everything derived from the database must be forgotten.
 */
export interface ChangeFeed {
  /** True while notifications arrive; caches may only serve entries while it is. */
  readonly live: boolean;
  subscribe(listener: (organizationId: number | null) => void): () => void;
  /**
   * Tells every process of a change this one committed. Where the database notifies by itself (its
   * triggers, migration 0004), there is nothing to do.
   */
  announce(organizationId: number): void;
  close(): Promise<void>;
}

type Listener = (organizationId: number | null) => void;

/** The listener bookkeeping every driver shares; `connect` starts listening on first subscribe. */
abstract class BaseChangeFeed implements ChangeFeed {
  live = false;
  protected closed = false;
  private readonly listeners = new Set<Listener>();
  private started = false;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (!this.started) {
      this.started = true;
      void this.connect();
    }
    return () => this.listeners.delete(listener);
  }

  protected notify(payload: string): void {
    const id = Number(payload);
    this.emit(Number.isInteger(id) ? id : null);
  }

  protected setLive(live: boolean): void {
    if (this.live && !live) this.emit(null);
    this.live = live;
  }

  private emit(organizationId: number | null): void {
    for (const listener of this.listeners) listener(organizationId);
  }

  announce(_organizationId: number): void {}

  protected abstract connect(): Promise<void>;
  abstract close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1_000;

/** node-postgres: one dedicated connection holds the LISTEN and is re-opened when it drops. */
export class PgChangeFeed extends BaseChangeFeed {
  private client: import('pg').Client | undefined;

  constructor(private readonly url: string) {
    super();
  }

  protected async connect(): Promise<void> {
    if (this.closed) return;
    const { Client } = await import('pg');
    const client = new Client({ connectionString: this.url });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error && !this.closed) logError('change_feed_lost', error);
      this.setLive(false);
      client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.connect(), RECONNECT_DELAY_MS).unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === ORGANIZATION_CHANGES_CHANNEL) this.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${ORGANIZATION_CHANGES_CHANNEL}`);
      if (!lost && !this.closed) this.setLive(true);
    } catch (error) {
      onLost(error as Error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.setLive(false);
    await this.client?.end().catch(() => {});
  }
}

/** PGlite: every writer is this process, and PGlite delivers notifications in process. */
export class PgliteChangeFeed extends BaseChangeFeed {
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly client: import('@electric-sql/pglite').PGlite) {
    super();
  }

  protected async connect(): Promise<void> {
    try {
      this.unlisten = await this.client.listen(ORGANIZATION_CHANGES_CHANNEL, (payload) =>
        this.notify(payload),
      );
      if (!this.closed) this.setLive(true);
    } catch (error) {
      logError('change_feed_lost', error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.setLive(false);
    await this.unlisten?.().catch(() => {});
  }
}

/**
 * Redis pub/sub, where the database cannot hold a LISTEN (Neon's serverless driver, or a pooler in
 * transaction mode with DATABASE_LISTEN_URL=off): every process announces the changes it commits
 * on the installation's channel (`channel()`), and hears every other's. One subscribing connection,
 * re-subscribed when Redis comes back; while it is down the feed is not live, so caches serve nothing.
 */
export class RedisChangeFeed extends BaseChangeFeed {
  private subscriber: Redis | undefined;
  private publisher: Promise<Redis> | undefined;
  private readonly announcing = new Set<Promise<unknown>>();

  constructor(
    private readonly url: string,
    private readonly channel: () => Promise<string>,
  ) {
    super();
  }

  protected async connect(): Promise<void> {
    if (this.closed) return;
    let channel: string;
    try {
      channel = await this.channel();
    } catch (error) {
      logError('change_feed_lost', error);
      if (!this.closed) setTimeout(() => void this.connect(), RECONNECT_DELAY_MS).unref();
      return;
    }
    const subscriber = await this.connection();
    // Closed while it was being made: close() found no subscriber to quit.
    if (this.closed) return;
    this.subscriber = subscriber;
    let reported = false;
    subscriber.on('error', (error) => {
      if (!reported && !this.closed) logError('change_feed_lost', error);
      reported = true;
    });
    subscriber.on('close', () => this.setLive(false));
    subscriber.on('ready', () => {
      reported = false;
      subscriber.subscribe(channel).then(
        () => this.setLive(!this.closed),
        () => this.setLive(false),
      );
    });
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) this.notify(payload);
    });
    subscriber.connect().catch(() => {});
  }

  override announce(organizationId: number): void {
    if (this.closed) return;
    this.publisher ??= this.connection();
    const publisher = this.publisher;
    const sent = (async () => {
      const [redis, channel] = await Promise.all([publisher, this.channel()]);
      await redis.publish(channel, String(organizationId));
    })().catch((error) => logError('change_not_announced', error));
    this.announcing.add(sent);
    void sent.finally(() => this.announcing.delete(sent));
  }

  private async connection(): Promise<Redis> {
    const { default: Redis } = await import('ioredis');
    return new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
  }

  /** Sends what was announced first: the admin CLI closes right after its write. */
  async close(): Promise<void> {
    await Promise.all(this.announcing);
    this.closed = true;
    this.setLive(false);
    for (const redis of [this.subscriber, await this.publisher])
      await redis?.quit().catch(() => redis.disconnect());
  }
}
