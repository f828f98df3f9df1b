import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listCategories } from '@/lib/categories/service';
import { companyNames } from '@/lib/companies';
import { locationSummary } from '@/lib/geo';
import { getJob } from '@/lib/jobs';
import { recordOr404 } from '../../_components/record-or-404';
import { PageHeader } from '../../page-header';
import { JobForm } from '../job-form';
import { copyFormValuesFromJob } from '../job-form-values';

export const metadata: Metadata = { title: 'New job · Boardkit' };

type Props = { searchParams: Promise<{ from?: string | string[] }> };

/** A new job, blank or (`?from={id}`, the editor's Duplicate) a copy of one of the board's jobs. */
export default async function NewJobPage({ searchParams }: Props) {
  const { organization } = await requireMembership('jobs.write');
  const db = await getDb();
  const { from } = await searchParams;
  const [categories, companies, original] = await Promise.all([
    listCategories(db, organization.id),
    companyNames(db, organization.id),
    from === undefined ? null : recordOr404(String(from), (id) => getJob(db, organization.id, id)),
  ]);
  const location = original?.location_id
    ? await locationSummary(db, organization.id, original.location_id)
    : null;
  return (
    <>
      <PageHeader
        title="New job"
        description={
          original
            ? `A copy of “${original.title}” at ${original.company_name}: change what differs, then create it.`
            : 'Only title, company and description are required.'
        }
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/jobs">
              <ArrowLeft /> All jobs
            </Link>
          </Button>
        }
      />
      <JobForm
        initial={
          original ? copyFormValuesFromJob(original, location?.displayName ?? null) : { status: 'active' }
        }
        categoryNames={categories.map((category) => category.name)}
        companyNames={companies}
        statusOptions={['active', 'pending', 'draft']}
      />
    </>
  );
}
