import type { Database } from '@/db/client';

type Query = (...args: unknown[]) => Promise<unknown>;
interface Queryable {
  query: Query;
  exec?: Query;
}

/**
 * The statements `work` sends to the database, counted where they leave the driver, so BEGIN,
 * COMMIT and prepared statements count like any other round trip. PGlite's transactions send their
 * BEGIN and COMMIT inside the library: each counts as those two. Every statement of the process is
 * counted while `work` runs, so run nothing else beside it.
 */
export async function countStatements(db: Database, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const client = (db as unknown as { $client: unknown }).$client as Queryable & {
    transaction?: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
    connect?: () => Promise<Queryable & { release: () => void }>;
  };
  const restore: (() => void)[] = [];
  const watched = new WeakSet<Queryable>();
  const watch = (target: Queryable) => {
    if (watched.has(target)) return;
    watched.add(target);
    for (const method of ['query', 'exec'] as const) {
      const original = target[method];
      if (!original) continue;
      target[method] = function (this: unknown, ...args: unknown[]) {
        const text = args[0];
        seen.push(typeof text === 'string' ? text : String((text as { text?: string })?.text ?? text));
        return original.apply(this, args);
      };
      restore.push(() => {
        target[method] = original;
      });
    }
  };
  // A pool's statements all go through its connections: counted there, once each.
  if (!client.connect) watch(client);
  if (client.transaction) {
    const original = client.transaction;
    client.transaction = function (this: unknown, fn) {
      seen.push('BEGIN');
      return original
        .call(this, (tx) => {
          watch(tx);
          return fn(tx);
        })
        .finally(() => seen.push('COMMIT'));
    };
    restore.push(() => {
      client.transaction = original;
    });
  }
  if (client.connect) {
    const original = client.connect;
    // pg's Pool.query takes its connection through connect(callback); drizzle's transactions await it.
    client.connect = function (this: unknown, ...args: unknown[]) {
      const callback = args[0] as ((error: unknown, connection?: Queryable) => void) | undefined;
      if (typeof callback === 'function') {
        return (original as (...args: unknown[]) => unknown).call(
          this,
          (error: unknown, connection?: Queryable, ...rest: unknown[]) => {
            if (connection) watch(connection);
            return (callback as (...args: unknown[]) => unknown)(error, connection, ...rest);
          },
        );
      }
      return original.call(this).then((connection) => {
        watch(connection);
        return connection;
      });
    } as typeof original;
    restore.push(() => {
      client.connect = original;
    });
  }
  try {
    await work();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return seen;
}
