import type { WebhookSubscription } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { openSealed, resolveSecretRef, sealSecret } from '@/lib/secrets';

/** Sealed webhook secrets are bound to their subscription (see lib/secrets/crypto.ts). */
export const webhookSecretContext = (subscriptionId: string) => `webhook:${subscriptionId}`;

export const sealWebhookSecret = (subscriptionId: string, secret: string) =>
  sealSecret(secret, webhookSecretContext(subscriptionId));

/**
 * The secrets a delivery is signed with: the current one (a vault reference is resolved now, so a
 * rotated vault value applies at once), then the previous one while a rotation's overlap lasts.
 * Empty when the current secret resolves to nothing: a delivery never signs with an empty key.
 */
export async function subscriptionSecrets(
  db: Db,
  subscription: WebhookSubscription,
  now: Date,
): Promise<string[]> {
  const context = webhookSecretContext(subscription.id);
  const current = subscription.secretRef
    ? await resolveSecretRef(db, subscription.organizationId, subscription.secretRef)
    : subscription.sealedSecret
      ? openSealed(subscription.sealedSecret, context)
      : '';
  if (!current) return [];
  const previousValid =
    subscription.sealedPreviousSecret &&
    subscription.previousSecretExpiresAt &&
    subscription.previousSecretExpiresAt > now;
  return previousValid ? [current, openSealed(subscription.sealedPreviousSecret!, context)] : [current];
}
