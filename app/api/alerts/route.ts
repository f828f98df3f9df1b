// GET /api/alerts: the board's job alerts, filtered and paginated.
import { z } from 'zod';
import { listAlerts } from '@/lib/alerts';
import { alertSchema, listAlertsQuerySchema } from '@/lib/alerts/schemas';
import { paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const list = apiRoute(
  {
    method: 'GET',
    path: '/alerts',
    operationId: 'listAlerts',
    summary: "List the board's job alerts",
    description:
      'Newest first. Visitors create alerts on the board (`/alerts`): an address, an optional search in the board’s filter names, and a frequency; an alert is `pending` until the address confirms it from the mail. `email` and `status` filter.',
    tags: ['Alerts'],
    query: listAlertsQuerySchema,
    response: z.object({ data: z.array(alertSchema), meta: z.object({ pagination: paginationMetaSchema }) }),
  },
  async ({ db, organization, query }) => {
    const { alerts, pagination } = await listAlerts(db, organization.id, query);
    return { data: alerts, meta: { pagination } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list });
