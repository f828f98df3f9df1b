// An unreachable database is a 503 `service_unavailable` with Retry-After, in the envelope. Every
// error here is a real one, made by the drivers themselves: pointed at a closed port, at a socket that
// never answers or hangs up, at a server that refuses the startup with a SQLSTATE, or at a backend
// the server terminated. (test/fault/ stops a real server under load.)
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connect, getDb } from '@/db/client';
import { databaseUnavailable, isDatabaseUnavailable } from '@/lib/core/db-errors';
import { resetEnvCache } from '@/lib/core/env';
import { testDatabaseTarget } from '@/test/database';
import { call } from '@/test/http';
import { apiRoute } from './handler';
import { errorResponse } from './respond';

// Port 1 on loopback: nothing listens, so every connect is refused at once.
const deadUrl = 'postgres://postgres@127.0.0.1:1/boardkit';

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the database call to fail');
}

/** A loopback TCP server that does `onConnection` with each client; its postgres:// URL. */
async function fakeServer(onConnection: (socket: Socket) => void): Promise<{ url: string; server: Server }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/boardkit`, server };
}

/** PostgreSQL's answer to a startup it refuses: an ErrorResponse (FATAL, SQLSTATE, message). */
function fatalStartup(code: string, message: string) {
  return (socket: Socket) =>
    socket.once('data', () => {
      const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
}

/**
 * A server that lets the client in (AuthenticationOk, ReadyForQuery), answers `begin` when told to,
 * and hangs up on the query after that, or on the first one: a server going down mid-transaction.
 */
function hangUpMidTransaction({ answerBegin }: { answerBegin: boolean }) {
  const message = (type: string, body: Buffer) => {
    const header = Buffer.alloc(5);
    header.write(type, 0);
    header.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([header, body]);
  };
  const ready = (status: 'I' | 'T') => message('Z', Buffer.from(status));
  return (socket: Socket) => {
    let queries = 0;
    socket.on('data', (data) => {
      if (queries++ === 0) {
        socket.write(Buffer.concat([message('R', Buffer.alloc(4)), ready('I')]));
      } else if (answerBegin && data.toString('latin1').includes('begin')) {
        socket.write(Buffer.concat([message('C', Buffer.from('BEGIN\0')), ready('T')]));
        // Gone while the transaction is between two statements.
        setTimeout(() => socket.destroy(), 20);
      } else {
        socket.destroy();
      }
    });
  };
}

const servers: Server[] = [];
async function urlOf(onConnection: (socket: Socket) => void): Promise<string> {
  const { url, server } = await fakeServer(onConnection);
  servers.push(server);
  return url;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A node-postgres client's connect error. */
async function connectError(url: string, options: pg.ClientConfig = {}): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, ...options });
  client.on('error', () => {});
  return errorOf(() => client.connect());
}

/** A query through the app's own pg pool (drizzle wraps the driver's error in DrizzleQueryError). */
async function appQueryError(url: string): Promise<unknown> {
  const handle = await connect({ driver: 'pg', url, listenUrl: 'off' });
  try {
    return await errorOf(() => handle.db.execute(sql`select ${'bound value'}::text`));
  } finally {
    await handle.close();
  }
}

const unavailable: [string, () => Promise<unknown>, string | undefined][] = [
  ['connection refused', () => connectError(deadUrl), 'ECONNREFUSED'],
  ['connection refused, through drizzle and the pool', () => appQueryError(deadUrl), 'ECONNREFUSED'],
  [
    'connect timeout (the server accepts and never answers)',
    async () => connectError(await urlOf(() => {}), { connectionTimeoutMillis: 100 }),
    undefined,
  ],
  [
    'pool checkout timeout (every connection busy)',
    async () => {
      const pool = new pg.Pool({
        connectionString: await urlOf(() => {}),
        max: 1,
        connectionTimeoutMillis: 150,
      });
      pool.on('error', () => {});
      const [first, second] = await Promise.allSettled([pool.query('select 1'), pool.query('select 1')]);
      await pool.end().catch(() => {});
      // The first waited for its own connect; the second for the pool's only connection.
      expect(isDatabaseUnavailable((first as PromiseRejectedResult).reason)).toBe(true);
      return (second as PromiseRejectedResult).reason;
    },
    undefined,
  ],
  [
    'connection closed by the server',
    async () => connectError(await urlOf((socket) => socket.destroy())),
    undefined,
  ],
  [
    'server starting up or shutting down (57P03)',
    async () => connectError(await urlOf(fatalStartup('57P03', 'the database system is starting up'))),
    '57P03',
  ],
  [
    'too many connections (53300)',
    async () => connectError(await urlOf(fatalStartup('53300', 'sorry, too many clients already'))),
    '53300',
  ],
  [
    'administrator shutdown (57P01)',
    async () =>
      connectError(await urlOf(fatalStartup('57P01', 'terminating connection due to administrator command'))),
    '57P01',
  ],
  [
    'crash of another server process (57P02)',
    async () =>
      connectError(
        await urlOf(
          fatalStartup('57P02', 'terminating connection because of crash of another server process'),
        ),
      ),
    '57P02',
  ],
  [
    'connection failure (class 08)',
    async () => connectError(await urlOf(fatalStartup('08006', 'connection failure'))),
    '08006',
  ],
  [
    "Neon's serverless driver, refused",
    async () => {
      const neon = await connect({ driver: 'neon', url: deadUrl });
      try {
        return await errorOf(() => neon.db.execute(sql`select 1`));
      } finally {
        await neon.close().catch(() => {});
      }
    },
    undefined,
  ],
];

describe('an unreachable database', () => {
  it.each(unavailable)('%s: 503 service_unavailable with Retry-After', async (_, makeError, code) => {
    const error = await makeError();
    expect(databaseUnavailable(error)).toBeDefined();
    expect(databaseUnavailable(error)?.code).toBe(code);
    const response = errorResponse(error, 'req_outage');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('x-request-id')).toBe('req_outage');
    expect(await response.json()).toEqual({
      error: {
        message: 'The database is unreachable. Retry in 5 seconds.',
        code: 'service_unavailable',
        details: null,
        url: 'http://localhost:3000/docs/errors#service_unavailable',
        request_id: 'req_outage',
      },
    });
  });

  it.runIf(testDatabaseTarget()?.driver === 'pg')(
    'a backend the server terminated (restart, failover): 57P01, then the connection is gone',
    async () => {
      const url = testDatabaseTarget()!.url;
      const victim = new pg.Client({ connectionString: url });
      victim.on('error', () => {});
      await victim.connect();
      const { rows } = await victim.query('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      expect(isDatabaseUnavailable(await errorOf(() => victim.query('select 1')))).toBe(true);
      await victim.end().catch(() => {});
    },
  );
});

describe('a connection lost while lent out', () => {
  it.each([
    ['during `begin` (drizzle would never release it)', false],
    ['between two statements of a transaction', true],
  ])('%s goes back to the pool: nothing leaks', async (_, answerBegin) => {
    const url = await urlOf(hangUpMidTransaction({ answerBegin }));
    const handle = await connect({ driver: 'pg', url, listenUrl: 'off' });
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const error = await errorOf(() =>
          handle.db.transaction(async (tx) => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            await tx.execute(sql`select 1`);
          }),
        );
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
      // Each attempt failed at once, with a connection of its own: none is still counted as lent.
      expect(pool.totalCount).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

describe('a database that answers', () => {
  it.each([
    ['a value the server refuses, echoing a network error code', sql`select ${'ECONNREFUSED'}::uuid`],
    ['SQL that mentions a connection timeout', sql`select 'connection timeout, WebSocket'::int`],
    ['a division by zero', sql`select 1 / 0`],
  ])('%s is not an outage: 500', async (_, query) => {
    // The test database of this run: PGlite, node-postgres or Neon's driver.
    const error = await errorOf(async () => (await getDb()).execute(query));
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(errorResponse(error, 'req_bug').status).toBe(500);
  });

  it('nor is a plain bug', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

const queryDeadDatabase = apiRoute(
  {
    method: 'GET',
    path: '/outage',
    operationId: 'outage',
    summary: 'Query a database that is down',
    description: 'Query a database that is down, for the wrapper tests.',
    tags: ['Test'],
    auth: 'none',
    database: false,
    response: z.object({}),
  },
  async () => {
    await appQueryError(deadUrl).then((error) => {
      throw error;
    });
    return {};
  },
);

describe('through the route wrapper', () => {
  beforeAll(() => {
    vi.stubEnv('LOG_LEVEL', 'info');
    resetEnvCache();
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it('answers the envelope and logs one warning, without the query or its values', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const response = await call(queryDeadDatabase, { path: '/outage' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.body.error).toMatchObject({ code: 'service_unavailable', details: null });
    expect(response.body.error.request_id).toBe(response.headers.get('x-request-id'));
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(warn.mock.calls[0]![0]));
    expect(line).toEqual({
      level: 'warn',
      msg: 'database_unavailable',
      request_id: response.body.error.request_id,
      code: 'ECONNREFUSED',
      reason: 'connect ECONNREFUSED 127.0.0.1:1',
    });
  });
});
