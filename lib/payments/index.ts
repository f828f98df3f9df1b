// The payments domain's public module: plans are sold through a provider (Stripe or the built-in
// local checkout); provider events are the truth about payments and subscriptions.

export type { EventOutcome, ProviderEvent } from './billing-change';
export {
  jobCredits,
  postJobWithCheckout,
  postJobWithCredit,
  startCheckout,
} from './checkout';
export { applyProviderEvent } from './events';
export { completeLocalCheckout, localCheckout } from './local-checkout';
export { type BoardOffer, boardOffer, purchaseBlocks, takesPayments } from './offer';
export { editPostedJob, paidJobsExpiring, postedJobEditGoesToReview } from './paid-jobs';
export {
  anonymousJobGate,
  applyingBehindPaywall,
  applyingGated,
  JOB_TEASER_CHARS,
  jobBehindPaywall,
  jobGatedSql,
  jobTeaser,
  jobTeaserHtml,
  type MemberBilling,
  memberBilling,
  opensPaywall,
  PAYWALL_ENTITLEMENT,
  type PaywallView,
  paywallView,
} from './paywall';
export {
  cancelSubscription,
  endSubscriptionsOf,
  listPayments,
  listSubscriptions,
  type MonthRevenue,
  revenueByMonth,
} from './queries';
export { type PaymentRecord, toPaymentOut, toSubscriptionOut } from './serialize';
export { getPaymentSettings, paymentSettingsOf, putPaymentSettings } from './settings';
export { SignatureError, verifyStripeEvent } from './stripe';
