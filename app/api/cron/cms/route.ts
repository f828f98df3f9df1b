// GET /api/cron/cms: the scheduled CMS expiry sweep (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { expireDueItems } from '@/lib/cms';
import { cronRoute } from '@/lib/http/cron';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/cms',
    operationId: 'runCmsExpirySweep',
    summary: 'Expire due CMS items (scheduler only)',
    description:
      'Called every minute by Vercel Cron (see `vercel.json`). Moves `published` items whose `expires_at` has passed to `expired`, emitting `cms_item.expired` for each. Servers that run for long (`next start`) do this themselves every 30 s. Public lists hide expired items by time either way.',
    data: z.object({ expired: z.number().int() }),
  },
  async (db) => ({ expired: await expireDueItems(db) }),
);
