// GET /api/cron/domains: the scheduled custom-domain re-check (Vercel Cron), protected by CRON_SECRET.
import { z } from 'zod';
import { cronRoute } from '@/lib/http/cron';
import { recheckDueDomains } from '@/lib/organizations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute(
  {
    path: '/cron/domains',
    operationId: 'runDomainRecheck',
    summary: 'Check custom domains again (scheduler only)',
    description:
      'Called every 5 minutes by Vercel Cron (see `vercel.json`). Looks up the DNS records of up to 25 custom domains that are due (pending and failing ones every 10 minutes, verified ones hourly), so a domain whose records appear becomes `verified`, one whose records break becomes `failing`, and a failing one past its grace period returns to `pending`. Servers that run for long (`next start`) do this themselves every minute.',
    data: z.object({ checked: z.number().int() }),
  },
  async (db) => ({ checked: await recheckDueDomains(db) }),
);
