import { Plus } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listJobSources } from '@/lib/job-sources';
import { listJobSourcesQuerySchema } from '@/lib/job-sources/schemas';
import { EmptyState } from '../_components/empty-state';
import { hrefWith, queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { Pagination } from '../_components/pagination';
import { JobSourceForm } from './source-form';
import { SourceRow } from './source-row';

export const metadata: Metadata = { title: 'Job sources · Boardkit' };

const SOURCES_PATH = '/dashboard/job-sources';

export default async function JobSourcesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const canManage = can(role, 'jobs.write');
  const address = queryFrom(await searchParams);
  const parsed = listJobSourcesQuerySchema.safeParse({ page: address.page });
  const query = parsed.success ? parsed.data : listJobSourcesQuerySchema.parse({});
  const { sources, total } = await listJobSources(await getDb(), organization.id, query);
  return (
    <>
      <ListPage
        title="Job sources"
        description="Jobs imported from an ATS board (Greenhouse, Lever, Ashby) or an XML feed, kept in step with it: new postings become jobs, changed ones update them, and jobs whose postings are gone expire."
        actions={
          canManage && sources.length > 0 ? (
            <Button asChild size="sm">
              <a href="#add-source">
                <Plus aria-hidden /> Add a source
              </a>
            </Button>
          ) : null
        }
        ignoredFilters={!parsed.success}
        empty={
          sources.length === 0 ? (
            query.page > 1 ? (
              <EmptyState title="No sources on this page">
                <Link href={SOURCES_PATH} className="text-link">
                  Back to the first page
                </Link>
              </EmptyState>
            ) : (
              <EmptyState title="No job sources yet">
                <p>
                  Point Boardkit at an employer’s Greenhouse, Lever or Ashby board, or at a feed in Indeed’s
                  XML format, and its postings are listed on your board and kept up to date.
                </p>
                {canManage ? null : <p className="mt-2">Owners, admins and editors can add sources.</p>}
              </EmptyState>
            )
          ) : undefined
        }
        pager={
          <Pagination
            total={total}
            noun={['source', 'sources']}
            page={query.page}
            perPage={query.per_page}
            href={(page) => hrefWith(SOURCES_PATH, address, { page })}
          />
        }
      >
        <ul className="divide-y divide-border">
          {sources.map((source) => (
            <SourceRow key={source.id} source={source} canManage={canManage} />
          ))}
        </ul>
      </ListPage>
      {canManage ? (
        <Card className="mt-6" id="add-source">
          <CardHeader>
            <CardTitle>Add a source</CardTitle>
            <CardDescription>
              An enabled source syncs right away, then on its schedule. Each posting becomes a job; deleting
              the source later keeps its jobs.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <JobSourceForm />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
