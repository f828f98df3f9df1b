import { Plus } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { planCardContent } from '@/components/board/pricing-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listPlans, plansInUse } from '@/lib/plans';
import { listPlansQuerySchema, type PlanOut } from '@/lib/plans/schemas';
import { EmptyState } from '../_components/empty-state';
import { Pagination } from '../_components/pagination';
import { PageHeader } from '../page-header';
import { PlanRowActions } from './plan-row-actions';
import { kindLabels } from './plan-values';

export const metadata: Metadata = { title: 'Plans · Boardkit' };

const listHref = (page: number) => (page > 1 ? `/dashboard/plans?page=${page}` : '/dashboard/plans');

function StatusBadge({ plan }: { plan: PlanOut }) {
  if (plan.archived_at) return <Badge variant="muted">Archived</Badge>;
  return plan.is_active ? (
    <Badge variant="success">On sale</Badge>
  ) : (
    <Badge variant="muted">Not on sale</Badge>
  );
}

/** `$49 one-time · 3 job posts`, `$9/month · 7-day free trial`. */
function summary(plan: PlanOut): string {
  const { price, intervalLabel, features } = planCardContent(plan);
  const cost = plan.interval === 'one_time' ? `${price} ${intervalLabel}` : `${price}${intervalLabel}`;
  return [cost, ...features].join(' · ');
}

export default async function PlansPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { organization, role } = await requireMembership();
  const parsed = listPlansQuerySchema.safeParse({
    page: (await searchParams).page,
    per_page: '50',
    include_archived: 'true',
  });
  const query = parsed.success
    ? parsed.data
    : listPlansQuerySchema.parse({ per_page: '50', include_archived: 'true' });
  const db = await getDb();
  const { plans, pagination } = await listPlans(db, organization.id, query);
  const inUse = await plansInUse(
    db,
    organization.id,
    plans.map((plan) => plan.id),
  );
  const manage = can(role, 'settings.manage');
  const newPlan = manage ? (
    <Button asChild>
      <Link href="/dashboard/plans/new">
        <Plus /> New plan
      </Link>
    </Button>
  ) : null;
  return (
    <>
      <PageHeader
        title="Plans"
        description="What your board sells: job posts to employers and paid access to readers. Plans on sale appear on your board’s pricing page."
        actions={plans.length > 0 ? newPlan : null}
      />
      <Card>
        {plans.length === 0 ? (
          <EmptyState
            title={query.page > 1 ? 'No plans on this page' : 'No plans yet'}
            action={query.page > 1 ? undefined : newPlan}
          >
            {query.page > 1 ? (
              <Link href={listHref(1)} className="text-link">
                Back to the first page
              </Link>
            ) : (
              <>
                Plans are how your board earns: employers pay to post jobs, once or with a monthly or yearly
                allowance, and readers pay for access to what you keep for subscribers.
                {newPlan ? null : <span className="mt-2 block">Owners and admins can create plans.</span>}
              </>
            )}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-border">
            {plans.map((plan) => (
              <li
                key={plan.id}
                className="flex flex-wrap items-center justify-between gap-3 px-6 py-4"
                data-testid="plan-row"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {manage ? (
                      <Link href={`/dashboard/plans/${plan.id}`} className="hover:underline">
                        {plan.name}
                      </Link>
                    ) : (
                      plan.name
                    )}
                    <StatusBadge plan={plan} />
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {kindLabels[plan.kind].title} · {summary(plan)}
                  </p>
                </div>
                {manage ? (
                  <PlanRowActions
                    id={plan.id}
                    name={plan.name}
                    archived={plan.archived_at !== null}
                    inUse={inUse.has(plan.id)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Pagination
        total={pagination.total_items}
        noun={['plan', 'plans']}
        page={pagination.current_page}
        perPage={pagination.per_page}
        href={listHref}
      />
    </>
  );
}
