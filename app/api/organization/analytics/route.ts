// GET and PUT /api/organization/analytics: the analytics time zone and raw event retention.
import { z } from 'zod';
import {
  analyticsSettingsSchema,
  getAnalyticsSettings,
  putAnalyticsSettings,
  putAnalyticsSettingsBodySchema,
} from '@/lib/analytics';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const response = z.object({ data: analyticsSettingsSchema });

const read = apiRoute(
  {
    method: 'GET',
    path: '/organization/analytics',
    operationId: 'getAnalyticsSettings',
    summary: 'Get the analytics settings',
    description:
      '`timezone` (default `UTC`) is where the days of GET /analytics begin and end; `retention_days` (default 90) is how long raw events are kept.',
    tags: ['Analytics'],
    response,
  },
  async ({ db, organization }) => ({ data: await getAnalyticsSettings(db, organization.id) }),
);

const put = apiRoute(
  {
    method: 'PUT',
    path: '/organization/analytics',
    operationId: 'putAnalyticsSettings',
    summary: 'Set the analytics settings',
    description:
      '`timezone`: an IANA time zone such as `Europe/Berlin`; `retention_days`: 1 to 3650. Fields left out keep their value.',
    tags: ['Analytics'],
    body: putAnalyticsSettingsBodySchema,
    response,
  },
  async ({ db, organization, body }) => ({ data: await putAnalyticsSettings(db, organization.id, body) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, PUT: put });
