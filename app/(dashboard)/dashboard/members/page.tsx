import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listMembers } from '@/lib/members';
import { listMembersQuerySchema } from '@/lib/members/schemas';
import { PageHeader } from '../page-header';
import { ApprovalButtons } from './approval-buttons';

export const metadata: Metadata = { title: 'Members · Boardkit' };

type Search = Promise<Record<string, string | undefined>>;

const statusBadge = {
  approved: 'success',
  pending: 'default',
  rejected: 'destructive',
} as const;

export default async function MembersPage({ searchParams }: { searchParams: Search }) {
  const { organization, role } = await requireMembership();
  const raw = await searchParams;
  const parsed = listMembersQuerySchema.safeParse({
    search: raw.search || undefined,
    role: raw.role || undefined,
    approval_status: raw.approval_status || undefined,
    page: raw.page,
    per_page: '50',
  });
  const query = parsed.success ? parsed.data : listMembersQuerySchema.parse({ per_page: '50' });
  const { members, pagination } = await listMembers(await getDb(), organization.id, query);
  const manage = can(role, 'members.manage');
  return (
    <>
      <PageHeader
        title="Members"
        description="People who signed up on your board: job seekers and employers. Approve employers before they can post jobs."
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter members">
        <div className="grid gap-1.5">
          <Label htmlFor="members-search">Name or email</Label>
          <Input
            id="members-search"
            name="search"
            type="search"
            defaultValue={raw.search ?? ''}
            className="w-64"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="members-role">Role</Label>
          <Select id="members-role" name="role" defaultValue={raw.role ?? ''}>
            <option value="">All roles</option>
            <option value="candidate">Job seekers</option>
            <option value="employer">Employers</option>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="members-status">Status</Label>
          <Select id="members-status" name="approval_status" defaultValue={raw.approval_status ?? ''}>
            <option value="">Any status</option>
            <option value="pending">Waiting for approval</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      {!parsed.success && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          Some filters were not understood and were ignored.
        </p>
      )}
      <Card>
        {members.length === 0 ? (
          <div className="px-6 py-12 text-center">
            <p className="font-medium">
              No members {raw.search || raw.role || raw.approval_status ? 'match' : 'yet'}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              Visitors become members when they sign in on your board with their email.
            </p>
          </div>
        ) : (
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
                {manage && (
                  <ApprovalButtons id={member.id} name={member.name} status={member.approvalStatus} />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {pagination.total_pages > 1 && (
        <p className="mt-4 text-sm text-muted-foreground">
          Page {pagination.current_page} of {pagination.total_pages} ({pagination.total_items} members)
        </p>
      )}
    </>
  );
}
