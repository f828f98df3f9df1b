// GET and DELETE /api/alerts/{id}: one job alert.
import { z } from 'zod';
import { deleteAlert, getAlert } from '@/lib/alerts';
import { alertSchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const params = z.object({ id: z.uuid({ error: 'Expected an alert id (UUID)' }) });

const read = apiRoute(
  {
    method: 'GET',
    path: '/alerts/{id}',
    operationId: 'getAlert',
    summary: 'Get a job alert',
    description: 'One alert: its address, search, frequency and status.',
    tags: ['Alerts'],
    params,
    response: z.object({ data: alertSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await getAlert(db, organization.id, params.id) }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/alerts/{id}',
    operationId: 'deleteAlert',
    summary: 'Delete a job alert',
    description:
      'The alert and the record of what it was sent are removed; nothing more is mailed to it. (Visitors stop an alert themselves with the unsubscribe link in each alert mail, which keeps the row as `unsubscribed`.)',
    tags: ['Alerts'],
    params,
    response: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await deleteAlert(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, DELETE: remove });
