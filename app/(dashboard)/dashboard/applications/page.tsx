import { Download, FileText, MessageSquare } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { applicationInbox } from '@/lib/applications';
import { type ApplicationStatus, applicationStatuses } from '@/lib/applications/schemas';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { EmptyState } from '../_components/empty-state';
import { FilterField, FilterForm } from '../_components/filter-form';
import { hrefWith, queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { Pagination } from '../_components/pagination';
import { ApplicationStatusBadge, applicationStatusLabels } from '../jobs/status-badges';
import { RatingCell, StatusMailsLink } from './review-parts';

export const metadata: Metadata = { title: 'Applications · Boardkit' };

const APPLICATIONS_PATH = '/dashboard/applications';
const PER_PAGE = 50;

/** Every job's applications in one list: the team's inbox, each row leading to the applicant. */
export default async function ApplicationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership('applications.review');
  const address = queryFrom(await searchParams);
  const status = (applicationStatuses as readonly string[]).includes(address.status ?? '')
    ? (address.status as ApplicationStatus)
    : undefined;
  const search = address.search?.trim().slice(0, 200) || undefined;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(address.page ?? '1', 10) || 1));
  const filters = { ...(status && { status }), ...(search && { search }) };
  const filtered = Object.keys(filters).length > 0;
  const { cards, pagination } = await applicationInbox(await getDb(), organization.id, {
    status,
    search,
    page,
    per_page: PER_PAGE,
  });
  return (
    <ListPage
      title="Applications"
      description="Every application to your board's jobs, newest first. Open one to read it, rate it, note it and move it on; a job's own tab shows its pipeline."
      actions={
        <div className="flex flex-wrap gap-2">
          <StatusMailsLink />
          {can(role, 'applications.export') ? (
            <Button asChild variant="outline" size="sm">
              <a href={hrefWith(`${APPLICATIONS_PATH}/export`, filters)} download>
                <Download /> Export CSV{filtered ? ' (filtered)' : ''}
              </a>
            </Button>
          ) : null}
        </div>
      }
      filters={
        <FilterForm
          action={APPLICATIONS_PATH}
          label="Filter applications"
          clearHref={filtered ? APPLICATIONS_PATH : undefined}
        >
          <FilterField id="applications-search" label="Name or email">
            <Input
              id="applications-search"
              name="search"
              type="search"
              defaultValue={search ?? ''}
              className="w-64"
            />
          </FilterField>
          <FilterField id="applications-status" label="Status">
            <Select id="applications-status" name="status" defaultValue={status ?? ''}>
              <option value="">Any status</option>
              {applicationStatuses.map((value) => (
                <option key={value} value={value}>
                  {applicationStatusLabels[value]}
                </option>
              ))}
            </Select>
          </FilterField>
        </FilterForm>
      }
      empty={
        cards.length === 0 ? (
          <EmptyState title={`No applications ${filtered ? 'match' : page > 1 ? 'on this page' : 'yet'}`}>
            {filtered
              ? 'Clear the filters to see every application.'
              : 'Applications arrive when job seekers apply on your board, or through the API.'}
          </EmptyState>
        ) : undefined
      }
      pager={
        <Pagination
          total={pagination.total_items}
          noun={['application', 'applications']}
          page={pagination.current_page}
          perPage={pagination.per_page}
          href={(to) => hrefWith(APPLICATIONS_PATH, filters, { page: to })}
        />
      }
    >
      <Table label="Applications" className="min-w-[48rem]" testId="application-inbox">
        <TableHead>
          <th className="px-6 py-3 font-medium">Applicant</th>
          <th className="px-4 py-3 font-medium">Job</th>
          <th className="px-4 py-3 font-medium">Status</th>
          <th className="px-4 py-3 font-medium">Rating</th>
          <th className="px-4 py-3 font-medium">Applied</th>
        </TableHead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.id} className="border-b border-border last:border-0" data-testid="inbox-row">
              <td className="px-6 py-3">
                <Link href={`/dashboard/applications/${card.id}`} className="font-medium text-link">
                  {card.name}
                </Link>
                <div className="text-xs text-muted-foreground">{card.email}</div>
                {card.hasResume || card.notes > 0 ? (
                  <div className="mt-1 flex gap-3 text-xs text-muted-foreground">
                    {card.hasResume ? (
                      <span className="inline-flex items-center gap-1">
                        <FileText className="size-3.5" aria-hidden /> Résumé
                      </span>
                    ) : null}
                    {card.notes > 0 ? (
                      <span className="inline-flex items-center gap-1">
                        <MessageSquare className="size-3.5" aria-hidden />
                        {card.notes === 1 ? '1 note' : `${card.notes} notes`}
                      </span>
                    ) : null}
                  </div>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <Link href={`/dashboard/jobs/${card.job.id}/applicants`} className="text-link">
                  {card.job.title}
                </Link>
              </td>
              <td className="px-4 py-3">
                <ApplicationStatusBadge status={card.status} />
              </td>
              <RatingCell rating={card.rating} />
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                <DateText value={card.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ListPage>
  );
}
