// How an organization takes payments: the provider, its keys as vault references, the default
// currency and the paywall's rules.
import { eq } from 'drizzle-orm';
import { organizations, type PaymentSettings, paymentSettings } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { type Db, transaction } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';
import { appUrl } from '@/lib/organizations';
import { resolveSecretRef } from '@/lib/secrets';
import type { PaymentSettingsOut, PutPaymentSettingsInput } from './schemas';

export const DEFAULT_CURRENCY = 'USD';

/** The settings row, or the defaults of an organization that never saved any. */
export async function paymentSettingsOf(db: Db, orgId: number): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.organizationId, orgId));
  return (
    row ?? {
      organizationId: orgId,
      provider: null,
      secretKeyRef: null,
      webhookSecretRef: null,
      currency: DEFAULT_CURRENCY,
      paidJobsNeedApproval: false,
      paywall: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
    }
  );
}

/** The provider webhook endpoint of an organization. */
export const paymentWebhookUrl = (slug: string) =>
  `${appUrl()}/api/organization/payments/webhook?organization=${encodeURIComponent(slug)}`;

function toSettingsOut(row: PaymentSettings, slug: string): PaymentSettingsOut {
  return {
    provider: row.provider as PaymentSettingsOut['provider'],
    secret_key: row.secretKeyRef,
    webhook_secret: row.webhookSecretRef,
    currency: row.currency,
    paid_jobs_need_approval: row.paidJobsNeedApproval,
    paywall: row.paywall,
    webhook_url: paymentWebhookUrl(slug),
    updated_at: row.updatedAt.getTime() === 0 ? null : row.updatedAt.toISOString(),
  };
}

async function slugOf(db: Db, orgId: number): Promise<string> {
  const [org] = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org!.slug;
}

export async function getPaymentSettings(db: Db, orgId: number): Promise<PaymentSettingsOut> {
  return toSettingsOut(await paymentSettingsOf(db, orgId), await slugOf(db, orgId));
}

/**
 * PUT /organization/payments. Fields left out keep their value. Stripe needs both keys, each a
 * reference to a secret that exists in the vault.
 */
export async function putPaymentSettings(
  db: Db,
  orgId: number,
  input: PutPaymentSettingsInput,
): Promise<PaymentSettingsOut> {
  return transaction(db, async (tx) => {
    const current = await paymentSettingsOf(tx, orgId);
    const next = {
      provider: input.provider,
      secretKeyRef: input.secret_key !== undefined ? input.secret_key : current.secretKeyRef,
      webhookSecretRef: input.webhook_secret !== undefined ? input.webhook_secret : current.webhookSecretRef,
      currency: input.currency ?? current.currency,
      paidJobsNeedApproval: input.paid_jobs_need_approval ?? current.paidJobsNeedApproval,
      paywall: input.paywall !== undefined ? input.paywall : current.paywall,
    };
    for (const [field, ref] of [
      ['secret_key', next.secretKeyRef],
      ['webhook_secret', next.webhookSecretRef],
    ] as const) {
      if (ref === null) {
        if (next.provider === 'stripe')
          throw invalid(field, `Stripe needs \`${field}\` (a vault:<name> reference).`);
      } else if ((await resolveSecretRef(tx, orgId, ref)) === '') {
        throw invalid(
          field,
          `No secret named ${ref.slice('vault:'.length)} in the vault; add it with POST /secrets first.`,
        );
      }
    }
    const [row] = await tx
      .insert(paymentSettings)
      .values({ organizationId: orgId, ...next })
      .onConflictDoUpdate({ target: paymentSettings.organizationId, set: { ...next, updatedAt: new Date() } })
      .returning();
    // The board shows the paywall and the pricing page from these: cached pages must render again.
    await bumpRevision(tx, orgId);
    return toSettingsOut(row!, await slugOf(tx, orgId));
  });
}
