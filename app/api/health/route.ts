// GET /api/health: liveness and database reachability, no key needed.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['ok', 'unreachable']),
  })
  .meta({ id: 'Health' });

const getHealth = apiRoute(
  {
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Check that the service and its database are up',
    description:
      'Answers 200 when the database answers a query, 503 with the same body shape when it does not.',
    tags: ['Operations'],
    auth: 'none',
    database: false,
    response: healthSchema,
    otherResponses: [{ status: 503, description: 'The database is unreachable.', schema: healthSchema }],
  },
  async () => {
    try {
      const db = await getDb();
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' } as const;
    } catch {
      return reply(503, { status: 'unavailable', database: 'unreachable' } as const);
    }
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHealth });
