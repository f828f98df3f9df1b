import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Table, TableHead } from '@/components/ui/table';
import { formatMoney } from '@/lib/core/money';
import type { PaginationMeta } from '@/lib/core/pagination';
import type { PaymentRecord } from '@/lib/payments';
import { paymentStatuses } from '@/lib/payments/schemas';
import type { PlanOut } from '@/lib/plans/schemas';
import { Pagination } from '../_components/pagination';
import { EmptyList } from './empty-list';
import { DateCell, MemberCell, paymentStatusLabels, StatusBadge } from './labels';
import { hrefWith } from './search';

// Line the first and last columns up with the card's edges.
export const edgePadding =
  '[&_td:first-child]:pl-6 [&_td:last-child]:pr-6 [&_th:first-child]:pl-6 [&_th:last-child]:pr-6';

/** The newest payments, filtered by status and plan, a page at a time. */
export function PaymentsList({
  payments,
  pagination,
  filtered,
  address,
  dates,
  emails,
  plans,
  planNames,
  locale,
}: {
  payments: PaymentRecord[];
  pagination: PaginationMeta;
  filtered: boolean;
  /** The page's query, for the filter form and the page links. */
  address: Record<string, string>;
  dates: Map<string, Date>;
  emails: Map<string, string>;
  plans: PlanOut[];
  planNames: Map<string, string>;
  /** The organization's, for amounts. */
  locale: string;
}) {
  const clear = hrefWith(address, { status: undefined, plan: undefined, page: undefined });
  return (
    <section aria-labelledby="payments-heading" className="mt-10">
      <h2 id="payments-heading" className="mb-3 text-lg font-semibold">
        Payments
      </h2>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter payments">
        {/* The subscriptions list keeps its filter and page. */}
        {['subscription_status', 'subscriptions_page'].map((key) =>
          address[key] ? <input key={key} type="hidden" name={key} value={address[key]} /> : null,
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="payments-status">Status</Label>
          <Select id="payments-status" name="status" defaultValue={address.status ?? ''}>
            <option value="">Any status</option>
            {paymentStatuses.map((status) => (
              <option key={status} value={status}>
                {paymentStatusLabels[status][0]}
              </option>
            ))}
          </Select>
        </div>
        {plans.length > 0 ? (
          <div className="grid gap-1.5">
            <Label htmlFor="payments-plan">Plan</Label>
            <Select id="payments-plan" name="plan" defaultValue={address.plan ?? ''} className="max-w-64">
              <option value="">Any plan</option>
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {filtered ? (
          <Button asChild variant="ghost">
            <Link href={clear}>Clear</Link>
          </Button>
        ) : null}
      </form>
      <Card>
        {payments.length === 0 ? (
          <EmptyList
            noun="payments"
            filter="these filters"
            filtered={filtered}
            page={pagination.current_page}
            clear={clear}
            hint="Payments appear here as members pay on your board."
          />
        ) : (
          <Table label="Payments table" className={edgePadding} testId="payments-table">
            <TableHead>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Member
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Plan
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
            </TableHead>
            <tbody>
              {payments.map((payment) => (
                <tr
                  key={payment.id}
                  className="border-b border-border last:border-0"
                  data-testid="payment-row"
                >
                  <td className="whitespace-nowrap px-4 py-3">
                    <DateCell value={dates.get(payment.id) ?? null} />
                  </td>
                  <td className="px-4 py-3">
                    <MemberCell
                      id={payment.userId}
                      email={payment.userId ? emails.get(payment.userId) : undefined}
                    />
                  </td>
                  <td className="px-4 py-3">
                    {payment.planId ? (planNames.get(payment.planId) ?? '—') : '—'}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums">
                    {formatMoney(payment.amountMinor, payment.currency, locale)}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={paymentStatusLabels[payment.status]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Pagination
        total={pagination.total_items}
        noun={['payment', 'payments']}
        page={pagination.current_page}
        perPage={pagination.per_page}
        href={(page) => hrefWith(address, { page })}
      />
    </section>
  );
}
