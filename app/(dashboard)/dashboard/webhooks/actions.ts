'use server';

import { z } from 'zod';
import type { FormState } from '@/lib/forms';
import { retryDelivery, sendTestEvent } from '@/lib/webhooks/deliveries';
import {
  createSubscription,
  deleteSubscription,
  rotateSubscriptionSecret,
  updateSubscription,
} from '@/lib/webhooks/subscriptions';
import { dashboardAction, dashboardRowAction, type Revalidation, rowId } from '../dashboard-action';
import { webhookErrorRules, webhookForm } from './form';
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
const revalidate: Revalidation[] = [[webhooksPath, 'layout']];

export const createWebhookAction = dashboardAction(
  'webhooks.manage',
  webhookForm,
  async (body, { db, organization }): Promise<CreateWebhookState> => {
    const { subscription, created, secret } = await createSubscription(db, organization.id, body);
    const ref = subscription.secret_ref;
    return {
      created: {
        id: subscription.id,
        targetUrl: subscription.target_url,
        isNew: created,
        secret,
        secretRef: ref,
        vaultSecretMissing: ref !== null && !(await vaultReferences(db, organization.id)).has(ref),
      },
    };
  },
  // A typed secret never travels back to the page.
  { revalidate, errors: webhookErrorRules, refill: ['target_url', 'events'] },
);

const subscriptionRow = rowId('Unknown webhook subscription.');
// The row shows the subscription as it is now, whether the change was made or refused.
const rowOptions = { revalidate, revalidateRefused: true, errors: webhookErrorRules } as const;

export const setWebhookEnabledAction = dashboardRowAction(
  'webhooks.manage',
  z.tuple([
    subscriptionRow,
    // The arguments of a server action come from the client as they are: checked before use.
    z.boolean({ error: 'Choose enabled or disabled.' }).optional(),
  ]),
  async ([id, is_enabled], { db, organization }): Promise<WebhookActionResult> => {
    await updateSubscription(db, organization.id, id, { is_enabled });
    return {};
  },
  rowOptions,
);

export const sendTestEventAction = dashboardRowAction(
  'webhooks.manage',
  z.tuple([subscriptionRow]),
  async ([id], { db, organization }): Promise<WebhookActionResult> => {
    await sendTestEvent(db, organization.id, id);
    return {};
  },
  rowOptions,
);

export const rotateWebhookSecretAction = dashboardRowAction(
  'webhooks.manage',
  z.tuple([subscriptionRow]),
  async ([id], { db, organization }): Promise<WebhookActionResult> => {
    const { secret } = await rotateSubscriptionSecret(db, organization.id, id, undefined);
    return { secret };
  },
  rowOptions,
);

/** From the delivery log the page itself is gone afterwards, so it leads back to the list. */
export const deleteWebhookAction = dashboardRowAction(
  'webhooks.manage',
  z.tuple([subscriptionRow, z.boolean()]),
  async ([id], { db, organization }): Promise<WebhookActionResult> => {
    await deleteSubscription(db, organization.id, id);
    return {};
  },
  { ...rowOptions, gone: {}, redirect: ([, leave]) => (leave ? webhooksPath : undefined) },
);

export const retryDeliveryAction = dashboardRowAction(
  'webhooks.manage',
  z.tuple([rowId('Unknown delivery.'), rowId('Unknown delivery.')]),
  async ([id, deliveryId], { db, organization }): Promise<WebhookActionResult> => {
    await retryDelivery(db, organization.id, id, deliveryId);
    return {};
  },
  rowOptions,
);
