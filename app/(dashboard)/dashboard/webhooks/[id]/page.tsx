import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { AppError } from '@/lib/core/errors';
import { getDelivery, listDeliveries } from '@/lib/webhooks/deliveries';
import { deliveryStatuses, listDeliveriesQuerySchema } from '@/lib/webhooks/schemas';
import { findSubscription, toWebhookOut } from '@/lib/webhooks/subscriptions';
import { EmptyState } from '../../_components/empty-state';
import { Pagination } from '../../_components/pagination';
import { recordOr404 } from '../../_components/record-or-404';
import { PageHeader } from '../../page-header';
import { webhookActionsProps } from '../actions-props';
import { vaultReferences } from '../queries';
import { SubscriptionSummary } from '../subscription-summary';
import { WebhookActions } from '../webhook-actions';
import { LogRefresher } from './delivery-controls';
import { DeliveryTable, type LogQuery } from './delivery-table';

/** Polled while a delivery is due this soon (or overdue: being sent right now). */
const LIVE_WINDOW_MS = 15_000;

const findWebhook = cache(async (id: string) => {
  const context = await requireMembership();
  const webhook = await recordOr404(id, async (webhookId) =>
    toWebhookOut(await findSubscription(await getDb(), context.organization.id, webhookId)),
  );
  return { ...context, webhook };
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { webhook } = await findWebhook((await params).id);
  const target = URL.canParse(webhook.target_url) ? new URL(webhook.target_url).host : webhook.target_url;
  return { title: `Delivery log of ${target} · Webhooks · Boardkit` };
}

/** The opened delivery with its attempts; null when the address names none, or one of another webhook. */
async function openedDelivery(organizationId: number, id: string, deliveryId: string | undefined) {
  if (!deliveryId || !z.uuid().safeParse(deliveryId).success) return null;
  try {
    return await getDelivery(await getDb(), organizationId, id, deliveryId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

function logHref(id: string, query: LogQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.delivery) params.set('delivery', query.delivery);
  const text = params.toString();
  return `/dashboard/webhooks/${id}${text ? `?${text}` : ''}`;
}

export default async function WebhookLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { organization, role, webhook } = await findWebhook((await params).id);
  const canManage = can(role, 'webhooks.manage');
  const search = await searchParams;
  const parsed = listDeliveriesQuerySchema.safeParse({
    page: single(search.page),
    status: single(search.status),
  });
  const query = parsed.success ? parsed.data : listDeliveriesQuerySchema.parse({});
  const db = await getDb();
  const [{ deliveries, total }, opened, vault] = await Promise.all([
    listDeliveries(db, organization.id, webhook.id, query),
    openedDelivery(organization.id, webhook.id, single(search.delivery)),
    vaultReferences(db, organization.id),
  ]);
  const now = Date.now();
  const live = deliveries.some(
    (delivery) =>
      delivery.status === 'pending' &&
      (!delivery.next_attempt_at || Date.parse(delivery.next_attempt_at) - now < LIVE_WINDOW_MS),
  );
  const logQuery: LogQuery = { page: query.page, status: query.status, delivery: opened?.id };
  const href = (changes: Partial<LogQuery>) => logHref(webhook.id, { ...logQuery, ...changes });

  return (
    <>
      <PageHeader
        title="Delivery log"
        description="Every event sent to this webhook, newest first. Open a delivery to see each attempt and what the endpoint answered."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/webhooks">
              <ArrowLeft /> All webhooks
            </Link>
          </Button>
        }
      />
      <Card className="mb-6 grid gap-3 p-4">
        <SubscriptionSummary
          webhook={webhook}
          canManage={canManage}
          linkToLog={false}
          vaultSecretMissing={webhook.secret_ref !== null && !vault.has(webhook.secret_ref)}
        />
        {canManage ? <WebhookActions {...webhookActionsProps(webhook)} onLog /> : null}
      </Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Filter by status" className="flex flex-wrap gap-1">
          {([undefined, ...deliveryStatuses] as const).map((status) => (
            <Button
              key={status ?? 'all'}
              asChild
              size="sm"
              variant={query.status === status ? 'default' : 'ghost'}
            >
              <Link
                href={href({ status, page: 1, delivery: undefined })}
                aria-current={query.status === status ? 'page' : undefined}
              >
                {status ? status.charAt(0).toUpperCase() + status.slice(1) : 'All'}
              </Link>
            </Button>
          ))}
        </nav>
        <LogRefresher live={live} />
      </div>
      <Card>
        {deliveries.length === 0 ? (
          <EmptyState
            title={
              query.status
                ? `No ${query.status} deliveries`
                : query.page > 1
                  ? 'No deliveries on this page'
                  : 'No deliveries yet'
            }
          >
            {query.status || query.page > 1 ? (
              <Link href={href({ status: undefined, page: 1, delivery: undefined })} className="text-link">
                Show all deliveries
              </Link>
            ) : (
              'Deliveries appear here when a subscribed event happens. “Send test event” sends one now.'
            )}
          </EmptyState>
        ) : (
          <DeliveryTable
            webhookId={webhook.id}
            deliveries={deliveries}
            opened={opened}
            canRetry={canManage}
            now={now}
            href={href}
          />
        )}
      </Card>
      <Pagination
        total={total}
        noun={['delivery', 'deliveries']}
        page={query.page}
        perPage={query.per_page}
        href={(page) => href({ page, delivery: undefined })}
      />
    </>
  );
}
