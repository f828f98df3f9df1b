// GET /api/analytics: the board's visitors, page views, visits and job funnel totals.
import { z } from 'zod';
import { siteAnalytics } from '@/lib/analytics';
import { analyticsQuerySchema, analyticsSchema } from '@/lib/analytics/schemas';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const read = apiRoute(
  {
    method: 'GET',
    path: '/analytics',
    operationId: 'getAnalytics',
    summary: 'Site-wide visitor analytics',
    description:
      'Plausible-shaped. Every parameter is optional (`period` defaults to `30d`). `totals` and each `timeseries` row (one per interval, zeros included; `date` is the interval’s start) carry `visitors`, `pageviews`, `visits`, `bounce_rate` (percent), `visit_duration` (seconds), `job_views`, `apply_clicks` and `applications`; `comparison` holds the same for the previous period with `compare=previous_period`, else null; `breakdowns` list the top 10 `pages`, `sources`, `countries`, `devices` (`desktop`, `mobile`, `tablet`) and `browsers` by visitors, and each `name` works as a filter value. A visit is a visitor’s events with no gap over 30 minutes. Days are the organization’s time zone’s (default UTC). No cookies and no personal data: visitors are a daily-salted hash, so a visitor on two days counts on each.',
    tags: ['Analytics'],
    query: analyticsQuerySchema,
    response: z.object({ data: analyticsSchema }),
  },
  async ({ db, organization, query }) => ({ data: await siteAnalytics(db, organization.id, query) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
