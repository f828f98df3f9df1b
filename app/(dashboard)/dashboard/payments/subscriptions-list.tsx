import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Table, TableHead } from '@/components/ui/table';
import type { PaginationMeta } from '@/lib/core/pagination';
import { type SubscriptionOut, subscriptionStatuses } from '@/lib/payments/schemas';
import { Pagination } from '../_components/pagination';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { EmptyList } from './empty-list';
import { DateCell, MemberCell, StatusBadge, subscriptionStatusLabels } from './labels';
import { edgePadding } from './payments-list';
import { hrefWith } from './search';

const ENDED: SubscriptionOut['status'][] = ['canceled', 'incomplete_expired'];

/** The newest subscriptions, filtered by status, each with a way to end it. */
export function SubscriptionsList({
  subscriptions,
  pagination,
  filtered,
  address,
  emails,
  planNames,
  canCancel,
}: {
  subscriptions: SubscriptionOut[];
  pagination: PaginationMeta;
  filtered: boolean;
  address: Record<string, string>;
  emails: Map<string, string>;
  planNames: Map<string, string>;
  canCancel: boolean;
}) {
  const clear = hrefWith(address, { subscription_status: undefined, subscriptions_page: undefined });
  return (
    <section aria-labelledby="subscriptions-heading" className="mt-10">
      <h2 id="subscriptions-heading" className="mb-3 text-lg font-semibold">
        Subscriptions
      </h2>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter subscriptions">
        {/* The payments list keeps its filters and page. */}
        {['status', 'plan', 'page'].map((key) =>
          address[key] ? <input key={key} type="hidden" name={key} value={address[key]} /> : null,
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="subscriptions-status">Status</Label>
          <Select
            id="subscriptions-status"
            name="subscription_status"
            defaultValue={address.subscription_status ?? ''}
          >
            <option value="">Any status</option>
            {subscriptionStatuses.map((status) => (
              <option key={status} value={status}>
                {subscriptionStatusLabels[status][0]}
              </option>
            ))}
          </Select>
        </div>
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
        {subscriptions.length === 0 ? (
          <EmptyList
            noun="subscriptions"
            filter="this filter"
            filtered={filtered}
            page={pagination.current_page}
            clear={clear}
            hint="Monthly and yearly plans bought on your board appear here."
          />
        ) : (
          <Table label="Subscriptions table" className={edgePadding} testId="subscriptions-table">
            <TableHead>
              <th scope="col" className="px-4 py-3 font-medium">
                Member
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Plan
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Period ends
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Cancel at
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </TableHead>
            <tbody>
              {subscriptions.map((subscription) => {
                const email = emails.get(subscription.userId);
                const plan = planNames.get(subscription.planId) ?? 'a removed plan';
                return (
                  <tr
                    key={subscription.id}
                    className="border-b border-border last:border-0"
                    data-testid="subscription-row"
                  >
                    <td className="px-4 py-3">
                      <MemberCell id={subscription.userId} email={email} />
                    </td>
                    <td className="px-4 py-3">{planNames.get(subscription.planId) ?? '—'}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={subscriptionStatusLabels[subscription.status]} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <DateCell value={subscription.currentPeriodEnd} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <DateCell value={subscription.cancelAt} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      {canCancel && !ENDED.includes(subscription.status) ? (
                        <CancelSubscriptionDialog
                          id={subscription.id}
                          who={`${email ?? 'A member'} on ${plan}`}
                          periodEnd={subscription.currentPeriodEnd}
                          scheduled={subscription.cancelAt !== null}
                        />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </Card>
      <Pagination
        total={pagination.total_items}
        noun={['subscription', 'subscriptions']}
        page={pagination.current_page}
        perPage={pagination.per_page}
        href={(page) => hrefWith(address, { subscriptions_page: page })}
      />
    </section>
  );
}
