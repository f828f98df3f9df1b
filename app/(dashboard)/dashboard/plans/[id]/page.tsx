import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { resolveLook } from '@/lib/organizations';
import { getPlan, plansInUse } from '@/lib/plans';
import { recordOr404 } from '../../_components/record-or-404';
import { PageHeader } from '../../page-header';
import { PlanEditor } from '../plan-editor';
import { currencyOptions, formValuesFromPlan } from '../plan-values';

type Params = { params: Promise<{ id: string }> };

const findPlan = cache(async (id: string) => {
  const { organization } = await requireMembership('settings.manage');
  const plan = await recordOr404(id, async (planId) => getPlan(await getDb(), organization.id, planId));
  return { organization, plan };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { plan } = await findPlan((await params).id);
  return { title: `${plan.name} · Plans · Boardkit` };
}

export default async function EditPlanPage({ params }: Params) {
  const { organization, plan } = await findPlan((await params).id);
  const locked = (await plansInUse(await getDb(), organization.id, [plan.id])).has(plan.id);
  return (
    <>
      <PageHeader
        title={plan.name}
        description={
          plan.archived_at ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant="muted">Archived</Badge> Not on your pricing page. Tick “On sale” and save to
              restore it.
            </span>
          ) : (
            'Changes apply to new purchases; what people already bought stays as it was.'
          )
        }
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/plans">
              <ArrowLeft /> All plans
            </Link>
          </Button>
        }
      />
      <PlanEditor
        planId={plan.id}
        initial={formValuesFromPlan(plan)}
        currencies={currencyOptions()}
        accent={resolveLook(organization.name, organization.board).accent}
        locked={locked}
      />
    </>
  );
}
