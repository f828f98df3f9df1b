import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { type Database, getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { formatMoney } from '@/lib/core/money';
import { boardUrl } from '@/lib/organizations';
import { getPaymentSettings, listPayments, listSubscriptions, revenueByMonth } from '@/lib/payments';
import { activePlans, getPlan, listPlans } from '@/lib/plans';
import { listPlansQuerySchema } from '@/lib/plans/schemas';
import { PageHeader } from '../page-header';
import { PaymentsList } from './payments-list';
import { memberEmails, paymentDates } from './queries';
import { lastMonths, monthTotals, revenueSeries } from './revenue';
import { RevenueChart, RevenueTable } from './revenue-chart';
import { listQueries, queryFrom } from './search';
import { StartSelling } from './start-selling';
import { SubscriptionsList } from './subscriptions-list';

export const metadata: Metadata = { title: 'Payments · Boardkit' };

type SearchParams = Record<string, string | string[] | undefined>;

/** Plan names by id: the first hundred plans (they fill the filter), then any other the rows name. */
async function planNamesFor(db: Database, orgId: number, ids: string[]) {
  const { plans } = await listPlans(
    db,
    orgId,
    listPlansQuerySchema.parse({ per_page: '100', include_archived: 'true' }),
  );
  const names = new Map(plans.map((plan) => [plan.id, plan.name]));
  const others = [...new Set(ids)].filter((id) => !names.has(id));
  for (const plan of await Promise.all(others.map((id) => getPlan(db, orgId, id))))
    names.set(plan.id, plan.name);
  return { plans, names };
}

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const db = await getDb();
  const address = queryFrom(await searchParams);
  const lists = listQueries(address);
  const [settings, revenue, paymentPage, subscriptionPage] = await Promise.all([
    getPaymentSettings(db, organization.id),
    revenueByMonth(db, organization.id, 12),
    listPayments(db, organization.id, lists.payments.query),
    listSubscriptions(db, organization.id, lists.subscriptions.query),
  ]);
  const header = (
    <PageHeader
      title="Payments"
      description="What your board earns: revenue per month, every payment, and the subscriptions members hold."
    />
  );
  const browsing =
    lists.payments.filtered ||
    lists.subscriptions.filtered ||
    lists.payments.query.page > 1 ||
    lists.subscriptions.query.page > 1;
  if (
    !browsing &&
    paymentPage.pagination.total_items === 0 &&
    subscriptionPage.pagination.total_items === 0
  ) {
    return (
      <>
        {header}
        <StartSelling
          provider={settings.provider}
          plansOnSale={(await activePlans(db, organization.id)).length}
          pricingUrl={`${boardUrl(organization)}/pricing`}
        />
      </>
    );
  }

  const { payments } = paymentPage;
  const { subscriptions } = subscriptionPage;
  const memberIds = [
    ...payments.flatMap((payment) => (payment.userId ? [payment.userId] : [])),
    ...subscriptions.map((subscription) => subscription.userId),
  ];
  const planIds = [
    ...payments.flatMap((payment) => (payment.planId ? [payment.planId] : [])),
    ...subscriptions.map((subscription) => subscription.planId),
  ];
  const [dates, emails, { plans, names }] = await Promise.all([
    paymentDates(
      db,
      organization.id,
      payments.map((payment) => payment.id),
    ),
    memberEmails(db, organization.id, memberIds),
    planNamesFor(db, organization.id, planIds),
  ]);
  const problems = [...lists.payments.problems, ...lists.subscriptions.problems];

  return (
    <>
      {header}
      {problems.length > 0 ? (
        <Alert variant="warning" className="mb-4">
          Some filters in the address could not be read, so they were left out: {problems.join('; ')}.
        </Alert>
      ) : null}
      <Revenue rows={revenue} defaultCurrency={settings.currency} locale={organization.locale} />
      <PaymentsList
        payments={payments}
        pagination={paymentPage.pagination}
        filtered={lists.payments.filtered}
        address={address}
        dates={dates}
        emails={emails}
        plans={plans}
        planNames={names}
        locale={organization.locale}
      />
      <SubscriptionsList
        subscriptions={subscriptions}
        pagination={subscriptionPage.pagination}
        filtered={lists.subscriptions.filtered}
        address={address}
        emails={emails}
        planNames={names}
        canCancel={can(role, 'members.manage')}
      />
    </>
  );
}

function Revenue({
  rows,
  defaultCurrency,
  locale,
}: {
  rows: Awaited<ReturnType<typeof revenueByMonth>>;
  defaultCurrency: string;
  locale: string;
}) {
  const months = lastMonths(new Date());
  const currentMonth = months.at(-1)!;
  const series = revenueSeries(rows, months);
  const cards = [
    { label: 'This month', totals: monthTotals(series, months, currentMonth) },
    { label: 'Last month', totals: monthTotals(series, months, months.at(-2)!) },
    {
      label: 'Last 12 months',
      totals: series.map((one) => ({ currency: one.currency, amountMinor: one.total })),
    },
  ];
  return (
    <section aria-labelledby="revenue-heading">
      <h2 id="revenue-heading" className="mb-3 text-lg font-semibold">
        Revenue
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <Card key={card.label} className="px-5 py-4" data-testid="revenue-total">
            <dt className="text-sm text-muted-foreground">{card.label}</dt>
            <dd className="grid text-2xl font-semibold tabular-nums tracking-tight">
              {card.totals.length === 0 ? (
                <span>{formatMoney(0, defaultCurrency, locale)}</span>
              ) : (
                card.totals.map((total) => (
                  <span key={total.currency}>{formatMoney(total.amountMinor, total.currency, locale)}</span>
                ))
              )}
            </dd>
          </Card>
        ))}
      </dl>
      <Card className="mt-4 grid gap-6 p-6">
        <div>
          <h3 className="font-semibold">Revenue per month</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Succeeded payments by calendar month (UTC); this month, still under way, is the lighter bar.
          </p>
        </div>
        {series.length === 0 ? (
          <p className="text-sm text-muted-foreground">No succeeded payments in the last 12 months.</p>
        ) : (
          <>
            {series.map((one) => (
              <RevenueChart
                key={one.currency}
                series={one}
                months={months}
                currentMonth={currentMonth}
                locale={locale}
              />
            ))}
            <details>
              <summary className="w-fit cursor-pointer rounded-sm text-sm font-medium text-primary">
                Show the numbers as a table
              </summary>
              <div className="mt-3">
                <RevenueTable series={series} months={months} currentMonth={currentMonth} locale={locale} />
              </div>
            </details>
          </>
        )}
      </Card>
    </section>
  );
}
