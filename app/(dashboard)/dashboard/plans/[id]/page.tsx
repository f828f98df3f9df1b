import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { AppError } from '@/lib/core/errors';
import { resolveLook } from '@/lib/organizations';
import { getPlan, plansInUse } from '@/lib/plans';
import type { PlanOut } from '@/lib/plans/schemas';
import { PageHeader } from '../../page-header';
import { PlanEditor } from '../plan-editor';
import { currencyOptions, formValuesFromPlan } from '../plan-values';

export const metadata: Metadata = { title: 'Edit plan · Boardkit' };

async function findPlan(organizationId: number, id: string): Promise<PlanOut> {
  if (!z.uuid().safeParse(id).success) notFound();
  try {
    return await getPlan(await getDb(), organizationId, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
}

export default async function EditPlanPage({ params }: { params: Promise<{ id: string }> }) {
  const { organization } = await requireMembership('settings.manage');
  const plan = await findPlan(organization.id, (await params).id);
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
