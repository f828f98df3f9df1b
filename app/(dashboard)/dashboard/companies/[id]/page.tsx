import { ArrowLeft, ExternalLink } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { getCompany } from '@/lib/companies';
import { listJobs } from '@/lib/jobs';
import { listJobsQuerySchema } from '@/lib/jobs/schemas';
import { boardUrl } from '@/lib/organizations';
import { recordOr404 } from '../../_components/record-or-404';
import { PageHeader } from '../../page-header';
import { CompanyForm } from '../company-form';
import { companyJobCounts } from '../company-row';
import { DeleteCompanyButton } from '../delete-company-button';
import { formValuesFromCompany } from '../form';
import { CompanyJobs } from './company-jobs';

type Params = { params: Promise<{ id: string }> };

/** How many of its jobs the editor lists; the jobs page lists them all. */
const JOBS_SHOWN = 10;

const findCompany = cache(async (id: string) => {
  const { organization } = await requireMembership('companies.manage');
  const board = boardUrl(organization);
  const company = await recordOr404(id, async (companyId) =>
    getCompany(await getDb(), organization.id, companyId, board),
  );
  return { organization, board, company };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { company } = await findCompany((await params).id);
  return { title: `${company.name} · Companies · Boardkit` };
}

export default async function EditCompanyPage({ params }: Params) {
  const { organization, board, company } = await findCompany((await params).id);
  const { jobs, total } = await listJobs(
    await getDb(),
    organization,
    listJobsQuerySchema.parse({ company_id: company.id, per_page: JOBS_SHOWN }),
  );
  return (
    <>
      <PageHeader
        title={company.name}
        description={companyJobCounts(company)}
        actions={
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={company.url} target="_blank" rel="noopener">
                View page <ExternalLink />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard/companies">
                <ArrowLeft /> All companies
              </Link>
            </Button>
          </div>
        }
      />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Details</CardTitle>
          <CardDescription>What its page on the board and its jobs show.</CardDescription>
        </CardHeader>
        <CardContent>
          <CompanyForm
            companyId={company.id}
            initial={formValuesFromCompany(company)}
            pagesAt={`${board}/companies/`}
          />
        </CardContent>
      </Card>
      <CompanyJobs companyId={company.id} jobs={jobs} total={total} />
      <Card className="mt-6 border-destructive/30">
        <CardHeader>
          <CardTitle>Delete this company</CardTitle>
          <CardDescription>
            Its page leaves the board; its jobs stay, with its name but no logo or link.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteCompanyButton id={company.id} name={company.name} jobCount={company.job_count} />
        </CardContent>
      </Card>
    </>
  );
}
