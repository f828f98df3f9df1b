import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listCategories } from '@/lib/categories/service';
import { companyNames } from '@/lib/companies';
import { PageHeader } from '../../page-header';
import { JobForm } from '../job-form';

export const metadata: Metadata = { title: 'New job · Boardkit' };

export default async function NewJobPage() {
  const { organization } = await requireMembership('jobs.write');
  const db = await getDb();
  const [categories, companies] = await Promise.all([
    listCategories(db, organization.id),
    companyNames(db, organization.id),
  ]);
  return (
    <>
      <PageHeader
        title="New job"
        description="Only title, company and description are required."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/jobs">
              <ArrowLeft /> All jobs
            </Link>
          </Button>
        }
      />
      <JobForm
        initial={{ status: 'active' }}
        categoryNames={categories.map((category) => category.name)}
        companyNames={companies}
        statusOptions={['active', 'pending', 'draft']}
      />
    </>
  );
}
