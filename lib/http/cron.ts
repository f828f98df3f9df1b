import { timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/core/env';
import { AppError } from '@/lib/core/errors';

/** Scheduler routes (Vercel Cron) carry `Authorization: Bearer <CRON_SECRET>`; anything else is 401. */
export function assertCronCaller(request: Request): void {
  const secret = env().CRON_SECRET;
  const header = request.headers.get('authorization');
  if (secret && header) {
    const expected = Buffer.from(`Bearer ${secret}`);
    const given = Buffer.from(header);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  }
  throw new AppError(
    'unauthorized',
    'This endpoint is for the scheduler: send Authorization: Bearer <CRON_SECRET>.',
  );
}
