// POST /api/organization/payments/webhook?organization=<slug>: the payment provider's events.
import { z } from 'zod';
import { AppError, notFound } from '@/lib/core/errors';
import { findJsonProblem } from '@/lib/core/json-limits';
import { validationDetail, validationErrorOf } from '@/lib/core/validation';
import { apiRoute, readBody, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { getOrganizationBySlug } from '@/lib/organizations';
import { applyProviderEvent, paymentSettingsOf, SignatureError, verifyStripeEvent } from '@/lib/payments';
import { resolveSecretRef } from '@/lib/secrets';

const MAX_EVENT_BYTES = 512 * 1024;

const receive = apiRoute(
  {
    method: 'POST',
    path: '/organization/payments/webhook',
    operationId: 'receivePaymentWebhook',
    summary: "Receive the payment provider's events (no key)",
    description:
      "Register this URL (GET /organization/payments shows it as `webhook_url`) at Stripe. The raw body's `Stripe-Signature` is checked with the organization's `webhook_secret` (5 minutes tolerance either way): a missing or bad signature, one dated more than 5 minutes before or after the server's clock, or a body changed after signing, is 400 and nothing is stored. Events are taken in while a `webhook_secret` is set, also after the organization switched to another provider or none: a checkout paid at Stripe before the switch is still recorded. Each event is stored once by its id: a replay is answered 200 and changes nothing. Handled: `checkout.session.completed`, `invoice.paid`, `invoice.payment_failed`, `customer.subscription.created`/`updated`/`deleted`, `charge.refunded`; other types are acknowledged. Events may come in any order; an older event never undoes a newer state. An event naming a member or plan of another organization stores nothing. `data.outcome` says what happened: `applied`, `duplicate`, `stale` or `ignored`.",
    tags: ['Payments'],
    auth: 'none',
    query: z.object({ organization: z.string().min(1).max(200).describe("The organization's slug.") }),
    response: z.object({
      data: z.object({
        received: z.literal(true),
        outcome: z.enum(['applied', 'duplicate', 'stale', 'ignored']),
      }),
    }),
    errors: ['not_found', 'validation_error'],
  },
  async ({ db, request, query }) => {
    const organization = await getOrganizationBySlug(db, query.organization);
    if (!organization) throw notFound('Organization');
    const settings = await paymentSettingsOf(db, organization.id);
    // Not the current provider alone: a checkout paid at Stripe before the board switched away is
    // still reported here, signed with the secret the board keeps, and the money was taken.
    if (!settings.webhookSecretRef) {
      throw new AppError('validation_error', 'This organization does not take Stripe payments.');
    }
    const secret = await resolveSecretRef(db, organization.id, settings.webhookSecretRef);
    const raw = await readBody(request, MAX_EVENT_BYTES);
    let event: ReturnType<typeof verifyStripeEvent>;
    try {
      event = verifyStripeEvent(raw, request.headers.get('stripe-signature'), secret);
    } catch (error) {
      if (error instanceof SignatureError) {
        throw new AppError('validation_error', `Signature check failed: ${error.message}`);
      }
      throw error;
    }
    // Authentic, yet not storable: only someone holding the secret could sign such text.
    const problem = findJsonProblem(event.payload);
    if (problem) {
      throw validationErrorOf([validationDetail('body', problem.path, problem.code, problem.message)]);
    }
    const outcome = await applyProviderEvent(db, organization.id, 'stripe', event);
    return reply(200, { data: { received: true as const, outcome } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: receive });
