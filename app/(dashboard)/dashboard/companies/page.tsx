import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listCompanies } from '@/lib/companies';
import { listCompaniesQuerySchema } from '@/lib/companies/schemas';
import { boardUrl } from '@/lib/organizations';
import { EmptyState } from '../_components/empty-state';
import { FilterField, FilterForm } from '../_components/filter-form';
import { hrefWith, queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { Pagination } from '../_components/pagination';
import { CompanyForm } from './company-form';
import { CompanyRow } from './company-row';

export const metadata: Metadata = { title: 'Companies · Boardkit' };

const COMPANIES_PATH = '/dashboard/companies';

export default async function CompaniesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const canManage = can(role, 'companies.manage');
  const address = queryFrom(await searchParams);
  const parsed = listCompaniesQuerySchema.safeParse({ search: address.search, page: address.page });
  const query = parsed.success ? parsed.data : listCompaniesQuerySchema.parse({});
  const { companies, total } = await listCompanies(
    await getDb(),
    organization.id,
    boardUrl(organization),
    query,
  );
  const searched = Boolean(parsed.success && query.search);
  return (
    <ListPage
      title="Companies"
      description="The employers on your board. Each has a page listing its live jobs, and its logo shows on them."
      intro={
        canManage ? (
          <Card className="mb-6">
            <CardHeader>
              <CardTitle>Add a company</CardTitle>
              <CardDescription>
                Jobs whose company has this name join it, now and when they are posted.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CompanyForm />
            </CardContent>
          </Card>
        ) : null
      }
      // An empty board has nothing to search.
      filters={
        total > 0 || searched || query.page > 1 ? (
          <FilterForm
            action={COMPANIES_PATH}
            label="Search companies"
            clearHref={searched ? COMPANIES_PATH : undefined}
          >
            <FilterField id="companies-search" label="Search by name">
              <Input
                id="companies-search"
                name="search"
                type="search"
                defaultValue={address.search ?? ''}
                className="w-64"
              />
            </FilterField>
          </FilterForm>
        ) : null
      }
      ignoredFilters={!parsed.success}
      empty={
        companies.length === 0 ? (
          searched ? (
            <EmptyState title="No companies match">
              <Link href={COMPANIES_PATH} className="text-link">
                Show all companies
              </Link>
            </EmptyState>
          ) : query.page > 1 ? (
            <EmptyState title="No companies on this page">
              <Link href={COMPANIES_PATH} className="text-link">
                Back to the first page
              </Link>
            </EmptyState>
          ) : (
            <EmptyState title="No companies yet">
              <p>
                A company gives an employer a page on your board with its logo, an introduction and its live
                jobs. Jobs join a company by name automatically: add “Acme” and every job posted by Acme links
                to it.
              </p>
              <p className="mt-2">Its logo shows on job cards, job pages and in Google for Jobs.</p>
            </EmptyState>
          )
        ) : undefined
      }
      pager={
        <Pagination
          total={total}
          noun={['company', 'companies']}
          page={query.page}
          perPage={query.per_page}
          href={(page) => hrefWith(COMPANIES_PATH, address, { page })}
        />
      }
    >
      <ul className="divide-y divide-border">
        {companies.map((company) => (
          <CompanyRow key={company.id} company={company} canManage={canManage} />
        ))}
      </ul>
    </ListPage>
  );
}
