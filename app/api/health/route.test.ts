import { describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle, setDatabase } from '@/db/client';
import { call } from '@/test/http';
import { GET } from './route';

describe('GET /api/health', () => {
  it('answers 200 without a key when the database answers', async () => {
    const response = await call(GET, { path: '/health' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const { getDb } = await import('@/db/client');
    const db = await getDb();
    // A real node-postgres pool pointed at a port nothing listens on.
    const unreachable = await connect({ driver: 'pg', url: 'postgres://postgres@127.0.0.1:1/none' });
    setDatabase(unreachable);
    try {
      const response = await call(GET, { path: '/health' });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable', database: 'unreachable' });
    } finally {
      setDatabase({ db } as DatabaseHandle);
      await unreachable.close();
    }
  });
});
