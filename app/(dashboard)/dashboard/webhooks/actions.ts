'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { type Database, getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { AppError } from '@/lib/core/errors';
import type { FormState } from '@/lib/forms';
import { retryDelivery, sendTestEvent } from '@/lib/webhooks/deliveries';
import { deliveryParams, updateWebhookBodySchema, webhookParams } from '@/lib/webhooks/schemas';
import {
  createSubscription,
  deleteSubscription,
  rotateSubscriptionSecret,
  updateSubscription,
} from '@/lib/webhooks/subscriptions';
import { serviceFormErrors, serviceMessage, webhookBodyFromForm } from './form';
import { vaultReferences } from './queries';

const webhooksPath = '/dashboard/webhooks';

export interface CreateWebhookState extends FormState {
  /** Counts answers, so the form remounts with the values it is given. */
  submission?: number;
  created?: {
    id: string;
    targetUrl: string;
    /** False when the same events already went to this URL: that subscription, its secret not shown. */
    isNew: boolean;
    /** The generated secret, shown this once. */
    secret?: string;
    secretRef: string | null;
    /** `secretRef` names no secret of the vault (yet): deliveries cannot be signed. */
    vaultSecretMissing: boolean;
  };
}

export interface WebhookActionResult {
  error?: string;
  /** A rotation's new secret, shown once. */
  secret?: string;
}

/** Both pages: the list and the subscription's delivery log. */
const refresh = () => revalidatePath(webhooksPath, 'layout');

export async function createWebhookAction(
  previous: CreateWebhookState,
  formData: FormData,
): Promise<CreateWebhookState> {
  const { organization } = await requireMembership('webhooks.manage');
  const submission = (previous.submission ?? 0) + 1;
  const values = {
    target_url: String(formData.get('target_url') ?? ''),
    events: formData.getAll('events').map(String).join(','),
  };
  const { body, errors } = webhookBodyFromForm(formData);
  if (errors) return { ...errors, values, submission };
  try {
    const db = await getDb();
    const { subscription, created, secret } = await createSubscription(db, organization.id, body);
    const ref = subscription.secret_ref;
    refresh();
    return {
      submission,
      created: {
        id: subscription.id,
        targetUrl: subscription.target_url,
        isNew: created,
        secret,
        secretRef: ref,
        vaultSecretMissing: ref !== null && !(await vaultReferences(db, organization.id)).has(ref),
      },
    };
  } catch (error) {
    return { ...serviceFormErrors(error), values, submission };
  }
}

/** Runs a change on one subscription; a service refusal comes back as `error`. */
async function onSubscription(
  id: string,
  change: (db: Database, orgId: number, id: string) => Promise<WebhookActionResult>,
): Promise<WebhookActionResult> {
  const { organization } = await requireMembership('webhooks.manage');
  const params = webhookParams.safeParse({ id });
  if (!params.success) return { error: 'Unknown webhook subscription.' };
  try {
    return await change(await getDb(), organization.id, params.data.id);
  } catch (error) {
    return { error: serviceMessage(error) };
  } finally {
    refresh();
  }
}

export async function setWebhookEnabledAction(id: string, enabled: boolean): Promise<WebhookActionResult> {
  // The arguments of a server action come from the client as they are: checked like the API's body.
  const body = updateWebhookBodySchema.safeParse({ is_enabled: enabled });
  if (!body.success) return { error: 'Choose enabled or disabled.' };
  return onSubscription(id, async (db, orgId, subscriptionId) => {
    await updateSubscription(db, orgId, subscriptionId, body.data);
    return {};
  });
}

export async function sendTestEventAction(id: string): Promise<WebhookActionResult> {
  return onSubscription(id, async (db, orgId, subscriptionId) => {
    await sendTestEvent(db, orgId, subscriptionId);
    return {};
  });
}

export async function rotateWebhookSecretAction(id: string): Promise<WebhookActionResult> {
  return onSubscription(id, async (db, orgId, subscriptionId) => {
    const { secret } = await rotateSubscriptionSecret(db, orgId, subscriptionId, undefined);
    return { secret };
  });
}

/** From the delivery log the page itself is gone afterwards, so it leads back to the list. */
export async function deleteWebhookAction(id: string, leave: boolean): Promise<WebhookActionResult> {
  const result = await onSubscription(id, async (db, orgId, subscriptionId) => {
    try {
      await deleteSubscription(db, orgId, subscriptionId);
    } catch (error) {
      // Deleted meanwhile (another tab, the API): the outcome the person asked for.
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
    return {};
  });
  if (leave && !result.error) redirect(webhooksPath);
  return result;
}

export async function retryDeliveryAction(id: string, deliveryId: string): Promise<WebhookActionResult> {
  const { organization } = await requireMembership('webhooks.manage');
  const params = deliveryParams.safeParse({ id, delivery_id: deliveryId });
  if (!params.success) return { error: 'Unknown delivery.' };
  try {
    await retryDelivery(await getDb(), organization.id, params.data.id, params.data.delivery_id);
    return {};
  } catch (error) {
    return { error: serviceMessage(error) };
  } finally {
    refresh();
  }
}
