// POST /organization/events: the board script's beacons. The body is JSON sent as text/plain
// (navigator.sendBeacon) or application/json, at most 2 KB.
import { z } from 'zod';
import type { Organization } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { rateLimitExceeded } from '@/lib/rate-limit';
import { serverEvents, trackEvent, type Visit } from './ingest';

export const MAX_EVENT_BYTES = 2048;

const propValue = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

export const collectBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'name is required' })
    .max(120)
    .refine((name) => !(serverEvents as readonly string[]).includes(name), {
      error: 'This name is counted by the server itself and cannot be sent',
    }),
  url: z
    .string()
    .max(2000)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
      error: 'Expected an absolute http(s) URL',
    }),
  referrer: z.string().max(2000).nullable().optional(),
  props: z
    .record(z.string().max(60), propValue)
    .refine((props) => Object.keys(props).length <= 30, { error: 'At most 30 props' })
    .nullable()
    .optional(),
});

export type CollectBody = z.infer<typeof collectBodySchema>;

/** The parsed body, or a 400 that says what is wrong. */
export function parseCollectBody(text: string): CollectBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('invalid_json', 'The body is not valid JSON.');
  }
  const parsed = collectBodySchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'validation_error',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
    );
  }
  return parsed.data;
}

/** Queues a beacon; 429 past the client's limit on this board (`throttles.beacon`). */
export async function collectEvent(
  organization: Organization,
  body: CollectBody,
  visit: Visit,
): Promise<void> {
  const tracked = await trackEvent(
    organization.id,
    {
      name: body.name,
      url: new URL(body.url),
      boardSlug: organization.slug,
      referrer: body.referrer,
      props: body.props,
    },
    visit,
  );
  if (tracked.outcome === 'limited') {
    throw rateLimitExceeded(
      tracked.limit,
      (retryAfter) => `Too many events from your address. Retry in ${retryAfter} s.`,
    );
  }
}
