import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { resolveLook } from '@/lib/organizations';
import { defaultPlanCurrency } from '@/lib/plans';
import { PageHeader } from '../../page-header';
import { PlanEditor } from '../plan-editor';
import { currencyOptions, newPlanValues } from '../plan-values';

export const metadata: Metadata = { title: 'New plan · Boardkit' };

export default async function NewPlanPage() {
  const { organization } = await requireMembership('settings.manage');
  const currency = await defaultPlanCurrency(await getDb(), organization.id);
  return (
    <>
      <PageHeader
        title="New plan"
        description="Choose what it sells and its price; the card on the right shows it as your pricing page will."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/plans">
              <ArrowLeft /> All plans
            </Link>
          </Button>
        }
      />
      <PlanEditor
        initial={newPlanValues(currency)}
        currencies={currencyOptions()}
        accent={resolveLook(organization.name, organization.board).accent}
      />
    </>
  );
}
