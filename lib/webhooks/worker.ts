import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookSubscription,
  webhookAttempts,
  webhookDeliveries,
  webhookEvents,
  webhookSubscriptions,
} from '@/db/schema';
import { logError } from '@/lib/core/logger';
import { type GuardedResponse, guardedRequest, TargetError, type TargetPolicyOptions } from '@/lib/net';
import { SealedValueError } from '@/lib/secrets';
import { subscriptionSecrets } from './secrets';
import { signatureHeader } from './signing';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before each attempt, after the event (attempt 1) or the previous failure (Svix's schedule). */
export const RETRY_SCHEDULE_MS = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;
/** A subscription whose deliveries keep failing this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;
export const DELIVERY_TIMEOUT_MS = 10 * SECOND;
const RESPONSE_LOG_BYTES = 4_096;
/** A claimed delivery is another worker's for this long: the send timeout plus ample bookkeeping. */
const CLAIM_MS = 60 * SECOND;
const MAX_REDIRECTS = 3;

export interface WorkerOptions {
  /** Deliveries sent in parallel per batch. */
  batchSize?: number;
  /** Network policy for the targets; defaults to the environment's (ALLOW_PRIVATE_NETWORK_TARGETS). */
  network?: TargetPolicyOptions;
  now?: () => Date;
  /** Stop claiming new batches after this time (epoch ms): a cron run must end within its limit. */
  until?: number;
}

/**
 * Sends every delivery that is due, batch after batch, until none is left. Deliveries are claimed
 * with FOR UPDATE SKIP LOCKED and a claim deadline, so workers in several instances never send one
 * delivery twice at once, and a worker that dies mid-send leaves it to be retried after the claim.
 */
export async function runWebhookWorker(db: Database, options: WorkerOptions = {}): Promise<{ sent: number }> {
  let sent = 0;
  while (options.until === undefined || Date.now() < options.until) {
    const batch = await claimDue(db, options.batchSize ?? 25, options.now?.() ?? new Date());
    if (batch.length === 0) return { sent };
    await Promise.all(batch.map((delivery) => attemptDelivery(db, delivery, options)));
    sent += batch.length;
  }
  return { sent };
}

async function claimDue(db: Database, limit: number, now: Date): Promise<WebhookDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

type Outcome =
  | { kind: 'succeeded' }
  | { kind: 'retry'; retryAfterMs?: number }
  | { kind: 'failed' }
  | { kind: 'gone' };

/** What the target's answer (or the failure to get one) means for the delivery. */
function outcomeOf(response: GuardedResponse | undefined, error: string | undefined): Outcome {
  if (error) {
    return ['timeout', 'network_error', 'dns_error', 'secret_unavailable'].includes(error)
      ? { kind: 'retry' }
      : { kind: 'failed' };
  }
  const status = response!.status;
  if (status >= 200 && status < 300) return { kind: 'succeeded' };
  if (status === 410) return { kind: 'gone' };
  if (status === 408 || status === 429 || status >= 500) {
    return { kind: 'retry', retryAfterMs: retryAfterMs(response!.headers['retry-after']) };
  }
  return { kind: 'failed' };
}

/** `Retry-After` in seconds or as an HTTP date; capped at the schedule's longest wait. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) * SECOND : Date.parse(header) - Date.now();
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10 * HOUR) : undefined;
}

/** The wait before the next attempt, ±20% so retries of one outage do not arrive together. */
function nextDelayMs(attemptsMade: number, retryAfter: number | undefined): number {
  const scheduled = RETRY_SCHEDULE_MS[attemptsMade] ?? RETRY_SCHEDULE_MS.at(-1)!;
  const jittered = scheduled * (0.8 + Math.random() * 0.4);
  return Math.max(jittered, retryAfter ?? 0);
}

export function deliveryBody(event: Pick<WebhookEvent, 'type' | 'createdAt' | 'data'>): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
}

async function attemptDelivery(
  db: Database,
  delivery: WebhookDelivery,
  options: WorkerOptions,
): Promise<void> {
  try {
    const [row] = await db
      .select({ subscription: webhookSubscriptions, event: webhookEvents })
      .from(webhookSubscriptions)
      .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.eventId))
      .where(eq(webhookSubscriptions.id, delivery.subscriptionId));
    if (!row) return;
    if (!row.subscription.isEnabled) {
      await finish(db, delivery, { status: 'failed', lastError: 'subscription_disabled' });
      return;
    }
    await send(db, delivery, row.subscription, row.event, options);
  } catch (error) {
    // Bookkeeping failed (database): the claim lapses and another run retries the delivery.
    logError('webhook_delivery_error', error, { delivery_id: delivery.id });
  }
}

async function send(
  db: Database,
  delivery: WebhookDelivery,
  subscription: WebhookSubscription,
  event: WebhookEvent,
  options: WorkerOptions,
): Promise<void> {
  const startedAt = options.now?.() ?? new Date();
  const attempt = delivery.attempts + 1;
  let response: GuardedResponse | undefined;
  let error: string | undefined;
  let errorDetail: string | undefined;
  // A sealed secret whose master key is gone cannot sign either: logged like an empty vault value.
  const secrets = await subscriptionSecrets(db, subscription, startedAt).catch((failure: unknown) => {
    if (!(failure instanceof SealedValueError)) throw failure;
    logError('webhook_secret_unavailable', failure, { subscription_id: subscription.id });
    return [];
  });
  if (secrets.length === 0) {
    error = 'secret_unavailable';
    errorDetail = subscription.secretRef
      ? `${subscription.secretRef} resolves to an empty value (the vault secret does not exist).`
      : 'The signing secret cannot be opened with the configured master keys.';
  } else {
    const body = deliveryBody(event);
    const timestamp = Math.floor(startedAt.getTime() / SECOND);
    try {
      response = await guardedRequest(subscription.targetUrl, {
        ...options.network,
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Boardkit-Webhooks/1.0',
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(secrets, event.id, timestamp, body),
        },
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxRedirects: MAX_REDIRECTS,
        maxResponseBytes: RESPONSE_LOG_BYTES,
      });
    } catch (failure) {
      if (!(failure instanceof TargetError)) throw failure;
      error = failure.reason;
      errorDetail = failure.message;
    }
  }
  const durationMs = Math.round(response?.durationMs ?? Date.now() - startedAt.getTime());
  await db.insert(webhookAttempts).values({
    deliveryId: delivery.id,
    attempt,
    startedAt,
    durationMs,
    responseStatus: response?.status ?? null,
    responseBody: response?.body ?? null,
    error: error ?? null,
    errorDetail: errorDetail ?? null,
  });

  const outcome = outcomeOf(response, error);
  const base = {
    attempts: attempt,
    lastAttemptAt: startedAt,
    lastResponseStatus: response?.status ?? null,
    lastError: error ?? null,
    lastDurationMs: durationMs,
  };
  if (outcome.kind === 'succeeded') {
    await finish(db, delivery, { ...base, status: 'succeeded' });
    await db
      .update(webhookSubscriptions)
      .set({ failingSince: null })
      .where(
        and(
          eq(webhookSubscriptions.id, subscription.id),
          sql`${webhookSubscriptions.failingSince} is not null`,
        ),
      );
    return;
  }
  const retry = outcome.kind === 'retry' && attempt < MAX_ATTEMPTS;
  await finish(db, delivery, {
    ...base,
    status: retry ? 'pending' : 'failed',
    nextAttemptAt: retry
      ? new Date(
          startedAt.getTime() +
            nextDelayMs(attempt, outcome.kind === 'retry' ? outcome.retryAfterMs : undefined),
        )
      : null,
  });
  await recordFailure(db, subscription, startedAt, outcome.kind === 'gone');
}

async function finish(
  db: Database,
  delivery: WebhookDelivery,
  changes: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...changes, claimedUntil: null })
    .where(eq(webhookDeliveries.id, delivery.id));
}

/** 410 Gone disables at once; otherwise after DISABLE_AFTER_FAILING_MS of failures with no success. */
async function recordFailure(
  db: Database,
  subscription: WebhookSubscription,
  now: Date,
  gone: boolean,
): Promise<void> {
  const failingSince = subscription.failingSince ?? now;
  const disable = gone || now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  await db
    .update(webhookSubscriptions)
    .set({
      failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${now})`,
      ...(disable ? { isEnabled: false, disabledReason: gone ? 'gone' : 'failing' } : {}),
    })
    .where(eq(webhookSubscriptions.id, subscription.id));
}
