import { ChevronRight } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { paginationQuery } from '@/lib/core/pagination';
import { webhookEventList } from '@/lib/webhooks/schemas';
import { listSubscriptions } from '@/lib/webhooks/subscriptions';
import { EmptyState } from '../_components/empty-state';
import { Pagination } from '../_components/pagination';
import { PageHeader } from '../page-header';
import { webhookActionsProps } from './actions-props';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { deliveryRules } from './labels';
import { vaultReferences } from './queries';
import { SubscriptionSummary } from './subscription-summary';
import { WebhookActions } from './webhook-actions';

export const metadata: Metadata = { title: 'Webhooks · Boardkit' };

const pageQuery = z.object(paginationQuery(20));
const listHref = (page: number) => (page > 1 ? `/dashboard/webhooks?page=${page}` : '/dashboard/webhooks');

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { organization, role } = await requireMembership();
  const canManage = can(role, 'webhooks.manage');
  const parsed = pageQuery.safeParse({ page: (await searchParams).page });
  const query = parsed.success ? parsed.data : pageQuery.parse({});
  const db = await getDb();
  const [{ subscriptions, total }, vault] = await Promise.all([
    listSubscriptions(db, organization.id, query),
    vaultReferences(db, organization.id),
  ]);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Boardkit sends a signed POST to your URLs when jobs and applications change. Open a webhook to see
            every delivery and its attempts. Payloads and signatures are described in the{' '}
            <Link href="/docs" className="text-link">
              API reference
            </Link>
            .
          </>
        }
        actions={canManage ? <CreateWebhookDialog events={webhookEventList} /> : null}
      />
      <Card>
        {subscriptions.length === 0 ? (
          <EmptyState title={query.page > 1 ? 'No webhooks on this page' : 'No webhooks yet'}>
            {query.page > 1 ? (
              <Link href={listHref(1)} className="text-link">
                Back to the first page
              </Link>
            ) : canManage ? (
              'Add one to have new jobs and applications pushed to your systems as they happen.'
            ) : (
              'Owners and admins can add webhooks.'
            )}
          </EmptyState>
        ) : (
          <ul>
            {subscriptions.map((webhook) => (
              <li
                key={webhook.id}
                className="grid gap-3 border-b border-border px-4 py-4 last:border-0"
                data-testid="webhook-row"
              >
                <div className="flex items-start justify-between gap-4">
                  <SubscriptionSummary
                    webhook={webhook}
                    canManage={canManage}
                    linkToLog
                    vaultSecretMissing={webhook.secret_ref !== null && !vault.has(webhook.secret_ref)}
                  />
                  <Button asChild size="sm" variant="outline" className="shrink-0">
                    <Link href={`/dashboard/webhooks/${webhook.id}`}>
                      Delivery log <ChevronRight />
                    </Link>
                  </Button>
                </div>
                {canManage ? <WebhookActions {...webhookActionsProps(webhook)} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Pagination
        total={total}
        noun={['webhook', 'webhooks']}
        page={query.page}
        perPage={query.per_page}
        href={listHref}
      />
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>How deliveries work</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
            {deliveryRules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
