import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type WebhookSubscription, webhookSubscriptions } from '@/db/schema';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError, notFound } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { DAY_MS } from '@/lib/core/time';
import { queryAll } from '@/lib/core/transaction';
import { invalid, validationDetail } from '@/lib/core/validation';
import { checkTargetUrl, type TargetPolicyOptions } from '@/lib/net';
import { isSecretRef, secretRefSchema } from '@/lib/secrets';
import { ALL_EVENTS } from './events';
import type { CreateWebhookInput, UpdateWebhookInput, WebhookOut } from './schemas';
import { sealWebhookSecret, subscriptionSecrets } from './secrets';
import { generateWebhookSecret, secretProblem } from './signing';

/** After a rotation the old secret keeps signing beside the new one this long. */
export const SECRET_OVERLAP_MS = DAY_MS;

export function toWebhookOut(row: WebhookSubscription): WebhookOut {
  return {
    id: row.id,
    event: row.events[0]!,
    events: row.events,
    target_type: 'webhook',
    target_url: row.targetUrl,
    is_enabled: row.isEnabled,
    disabled_reason: row.disabledReason,
    secret_ref: row.secretRef,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Sorted and distinct; `*` covers everything, so it stands alone. */
function normalizeEvents(events: string[]): string[] {
  return events.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(events)].sort();
}

/**
 * The URL as it will be stored, or 400. A name that does not resolve yet is accepted (its DNS may
 * come later); every delivery resolves and checks it again.
 */
async function assertTarget(url: string, network: TargetPolicyOptions | undefined): Promise<string> {
  const check = await checkTargetUrl(url, network);
  if (check.ok) return check.url.toString();
  if (check.code === 'dns_error') return new URL(url).toString();
  // The detail carries the check's code and its reason alone, so a form can word it by code.
  throw new AppError('validation_error', `target_url is not allowed: ${check.reason}`, [
    validationDetail('body', ['target_url'], check.code, check.reason),
  ]);
}

/** A given secret is sealed, or kept as a vault reference; none given means one is generated. */
function secretColumns(id: string, secret: string | undefined) {
  if (secret !== undefined && isSecretRef(secret)) {
    const reference = secretRefSchema.safeParse(secret);
    if (!reference.success) throw invalid('secret', reference.error.issues[0]!.message);
    return { secretRef: secret, sealedSecret: null, generated: undefined };
  }
  if (secret !== undefined) {
    const problem = secretProblem(secret);
    if (problem) throw invalid('secret', problem);
  }
  const value = secret ?? generateWebhookSecret();
  return {
    secretRef: null,
    sealedSecret: sealWebhookSecret(id, value),
    generated: secret === undefined ? value : undefined,
  };
}

async function findByIdentity(db: Database, orgId: number, eventsKey: string, targetUrl: string) {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.organizationId, orgId),
        eq(webhookSubscriptions.eventsKey, eventsKey),
        eq(webhookSubscriptions.targetType, 'webhook'),
        eq(webhookSubscriptions.targetUrl, targetUrl),
      ),
    )
    .limit(1);
  return row;
}

/**
 * POST /webhooks: one subscription per (events, target_type, target_url). A match returns the
 * existing one unchanged (its secret is not shown again); concurrent creates meet at the unique index.
 */
export async function createSubscription(
  db: Database,
  orgId: number,
  input: CreateWebhookInput,
  network?: TargetPolicyOptions,
): Promise<{ subscription: WebhookOut; created: boolean; secret?: string }> {
  const events = normalizeEvents(input.events ?? [input.event!]);
  const eventsKey = events.join(',');
  const targetUrl = await assertTarget(input.target_url, network);
  const existing = await findByIdentity(db, orgId, eventsKey, targetUrl);
  if (existing) return { subscription: toWebhookOut(existing), created: false };

  const id = newId();
  const { generated, ...secret } = secretColumns(id, input.secret);
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ id, organizationId: orgId, events, eventsKey, targetType: 'webhook', targetUrl, ...secret })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const winner = await findByIdentity(db, orgId, eventsKey, targetUrl);
    if (!winner)
      throw new AppError('conflict', 'The subscription changed while it was being created; retry.');
    return { subscription: toWebhookOut(winner), created: false };
  }
  return { subscription: toWebhookOut(row), created: true, secret: generated };
}

export async function findSubscription(
  db: Database,
  orgId: number,
  id: string,
): Promise<WebhookSubscription> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.organizationId, orgId), eq(webhookSubscriptions.id, id)))
    .limit(1);
  if (!row) throw notFound('Webhook subscription');
  return row;
}

export async function listSubscriptions(
  db: Database,
  orgId: number,
  page: PageRequest,
): Promise<{ subscriptions: WebhookOut[]; total: number }> {
  const { limit, offset } = pageOffset(page);
  const where = eq(webhookSubscriptions.organizationId, orgId);
  const [rows, [totals]] = await queryAll(db, [
    db
      .select()
      .from(webhookSubscriptions)
      .where(where)
      .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(webhookSubscriptions).where(where),
  ]);
  return { subscriptions: rows.map(toWebhookOut), total: totals?.total ?? 0 };
}

/** PATCH /webhooks/{id}. Enabling again clears why it was disabled and its run of failures. */
export async function updateSubscription(
  db: Database,
  orgId: number,
  id: string,
  input: UpdateWebhookInput,
  network?: TargetPolicyOptions,
): Promise<WebhookOut> {
  const current = await findSubscription(db, orgId, id);
  const changes: Partial<typeof webhookSubscriptions.$inferInsert> = {};
  if (input.target_url !== undefined) changes.targetUrl = await assertTarget(input.target_url, network);
  if (input.events !== undefined) {
    changes.events = normalizeEvents(input.events);
    changes.eventsKey = changes.events.join(',');
  }
  if (input.is_enabled !== undefined && input.is_enabled !== current.isEnabled) {
    changes.isEnabled = input.is_enabled;
    changes.disabledReason = null;
    if (input.is_enabled) changes.failingSince = null;
  }
  try {
    const [row] = await db
      .update(webhookSubscriptions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(webhookSubscriptions.organizationId, orgId), eq(webhookSubscriptions.id, id)))
      .returning();
    if (!row) throw notFound('Webhook subscription');
    return toWebhookOut(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('conflict', 'Another subscription already sends these events to this target_url.');
  }
}

export async function deleteSubscription(
  db: Database,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.organizationId, orgId), eq(webhookSubscriptions.id, id)))
    .returning({ id: webhookSubscriptions.id });
  if (!row) throw notFound('Webhook subscription');
  return { id: row.id, deleted: true };
}

/**
 * POST /webhooks/{id}/rotate-secret: a new secret (given or generated) signs from now on; the old
 * one keeps signing beside it for SECRET_OVERLAP_MS, so receivers can switch without losing events.
 */
export async function rotateSubscriptionSecret(
  db: Database,
  orgId: number,
  id: string,
  secret: string | undefined,
  now = new Date(),
): Promise<{ subscription: WebhookOut; secret?: string }> {
  const current = await findSubscription(db, orgId, id);
  if (current.secretRef) {
    throw new AppError(
      'conflict',
      `This subscription signs with ${current.secretRef}: rotate that secret in the vault (POST /secrets).`,
    );
  }
  const [previous] = await subscriptionSecrets(db, current, now);
  // Sealed under the row's own id, the one deliveries open it with.
  const { generated, ...columns } = secretColumns(current.id, secret);
  const [row] = await db
    .update(webhookSubscriptions)
    .set({
      ...columns,
      sealedPreviousSecret: previous ? sealWebhookSecret(current.id, previous) : null,
      previousSecretExpiresAt: previous ? new Date(now.getTime() + SECRET_OVERLAP_MS) : null,
      updatedAt: now,
    })
    .where(and(eq(webhookSubscriptions.organizationId, orgId), eq(webhookSubscriptions.id, current.id)))
    .returning();
  return { subscription: toWebhookOut(row!), secret: generated };
}
