import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listMembers } from '@/lib/members';
import { listMembersQuerySchema } from '@/lib/members/schemas';
import { EmptyState } from '../_components/empty-state';
import { FilterField, FilterForm } from '../_components/filter-form';
import { hrefWith, queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { Pagination } from '../_components/pagination';
import { ApprovalButtons } from './approval-buttons';

export const metadata: Metadata = { title: 'Board members · Boardkit' };

const MEMBERS_PATH = '/dashboard/members';

const statusBadge = {
  approved: 'success',
  pending: 'default',
  rejected: 'destructive',
} as const;

export default async function MembersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const address = queryFrom(await searchParams);
  const parsed = listMembersQuerySchema.safeParse({
    search: address.search,
    role: address.role,
    approval_status: address.approval_status,
    page: address.page,
    per_page: '50',
  });
  const query = parsed.success ? parsed.data : listMembersQuerySchema.parse({ per_page: '50' });
  const { members, pagination } = await listMembers(await getDb(), organization.id, query);
  const manage = can(role, 'members.manage');
  const filtered = Boolean(address.search || address.role || address.approval_status);
  return (
    <ListPage
      title="Board members"
      description="People who signed up on your board: job seekers and employers. Approve employers before they can post jobs."
      filters={
        <FilterForm
          action={MEMBERS_PATH}
          label="Filter members"
          clearHref={filtered ? MEMBERS_PATH : undefined}
        >
          <FilterField id="members-search" label="Name or email">
            <Input
              id="members-search"
              name="search"
              type="search"
              defaultValue={address.search ?? ''}
              className="w-64"
            />
          </FilterField>
          <FilterField id="members-role" label="Role">
            <Select id="members-role" name="role" defaultValue={address.role ?? ''}>
              <option value="">All roles</option>
              <option value="candidate">Job seekers</option>
              <option value="employer">Employers</option>
            </Select>
          </FilterField>
          <FilterField id="members-status" label="Status">
            <Select id="members-status" name="approval_status" defaultValue={address.approval_status ?? ''}>
              <option value="">Any status</option>
              <option value="pending">Waiting for approval</option>
              <option value="approved">Approved</option>
              <option value="rejected">Rejected</option>
            </Select>
          </FilterField>
        </FilterForm>
      }
      ignoredFilters={!parsed.success}
      empty={
        members.length === 0 ? (
          <EmptyState title={`No members ${filtered ? 'match' : query.page > 1 ? 'on this page' : 'yet'}`}>
            Visitors become members when they sign in on your board with their email.
          </EmptyState>
        ) : undefined
      }
      pager={
        <Pagination
          total={pagination.total_items}
          noun={['member', 'members']}
          page={pagination.current_page}
          perPage={pagination.per_page}
          href={(page) => hrefWith(MEMBERS_PATH, address, { page })}
        />
      }
    >
      <ul className="divide-y divide-border">
        {members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
            <div>
              <p className="font-medium">
                <a href={`/dashboard/members/${member.id}`} className="hover:underline">
                  {member.name}
                </a>{' '}
                <Badge variant={statusBadge[member.approvalStatus]}>{member.approvalStatus}</Badge>
              </p>
              <p className="text-sm text-muted-foreground">
                {member.email} · {member.role === 'employer' ? 'Employer' : 'Job seeker'} · joined{' '}
                <DateText value={member.createdAt} />
              </p>
            </div>
            {manage && <ApprovalButtons id={member.id} name={member.name} status={member.approvalStatus} />}
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
