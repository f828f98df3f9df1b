// An unreachable database is a 503 `service_unavailable` with Retry-After, in the envelope; errors
// here are real ones, from drivers pointed at a closed port or a terminated backend.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connect } from '@/db/client';
import { isDatabaseUnavailable } from '@/lib/core/db-errors';
import { testDatabaseTarget } from '@/test/database';
import { call } from '@/test/http';
import { apiRoute } from './handler';

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
    const handle = await connect({ driver: 'pg', url: deadUrl, listenUrl: 'off' });
    try {
      await handle.db.execute(sql`select 1`);
    } finally {
      await handle.close();
    }
    return {};
  },
);

describe('database outage', () => {
  it('answers 503 service_unavailable with Retry-After, in the envelope', async () => {
    const response = await call(queryDeadDatabase, { path: '/outage' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.body.error).toMatchObject({ code: 'service_unavailable', details: null });
    expect(response.body.error.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('recognizes refused connections from node-postgres, through drizzle and bare', async () => {
    const client = new pg.Client({ connectionString: deadUrl });
    expect(isDatabaseUnavailable(await errorOf(() => client.connect()))).toBe(true);
    const neon = await connect({ driver: 'neon', url: deadUrl });
    expect(isDatabaseUnavailable(await errorOf(() => neon.db.execute(sql`select 1`)))).toBe(true);
    await neon.close().catch(() => {});
  });

  it('does not call a refused query an outage', async () => {
    const handle = await connect({ driver: 'pglite' });
    const refused = await errorOf(() => handle.db.execute(sql`select 'x'::uuid`));
    expect(isDatabaseUnavailable(refused)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    await handle.close();
  });

  it.runIf(testDatabaseTarget()?.driver === 'pg')(
    'recognizes a backend the server terminated (restart, failover)',
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
