// GET /api/cron/cms: the scheduled CMS expiry sweep (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { expireDueItems } from '@/lib/cms';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/cms',
    operationId: 'runCmsExpirySweep',
    summary: 'Expire due CMS items (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`) with `Authorization: Bearer <CRON_SECRET>`; 401 without it, or when `CRON_SECRET` is not set. Moves `published` items whose `expires_at` has passed to `expired`, emitting `cms_item.expired` for each. Servers that run for long (`next start`) do this themselves every 30 s. Public lists hide expired items by time either way.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({ data: z.object({ expired: z.number().int() }) }),
  },
  async ({ db, request }) => {
    assertCronCaller(request);
    return { data: { expired: await expireDueItems(db) } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
