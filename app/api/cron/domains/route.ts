// GET /api/cron/domains: the scheduled custom-domain re-check (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { assertCronCaller } from '@/lib/http/cron';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { recheckDueDomains } from '@/lib/organizations';

const run = apiRoute(
  {
    method: 'GET',
    path: '/cron/domains',
    operationId: 'runDomainRecheck',
    summary: 'Check custom domains again (scheduler only)',
    description:
      'Called every 5 minutes by Vercel Cron (see `vercel.json`) with `Authorization: Bearer <CRON_SECRET>`; 401 without it, or when `CRON_SECRET` is not set. Looks up the DNS records of up to 25 custom domains that are due (pending and failing ones every 10 minutes, verified ones hourly), so a domain whose records appear becomes `verified`, one whose records break becomes `failing`, and a failing one past its grace period returns to `pending`. Servers that run for long (`next start`) do this themselves every minute.',
    tags: ['Internal'],
    auth: 'none',
    errors: ['unauthorized'],
    response: z.object({ data: z.object({ checked: z.number().int() }) }),
  },
  async ({ db, request }) => {
    assertCronCaller(request);
    return { data: { checked: await recheckDueDomains(db) } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: run });
