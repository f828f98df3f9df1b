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
