import type { Metadata } from 'next';
import { cache } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { alertsOf, describeSearch, frequencyWords, searchOf } from '@/lib/alerts';
import type { AlertFrequency } from '@/lib/alerts/schemas';
import { applicationsOfMember } from '@/lib/applications';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { formatDate } from '@/lib/core/format';
import { formatMoney } from '@/lib/core/money';
import { getMemberProfile } from '@/lib/members';
import { recordOr404 } from '../../_components/record-or-404';
import { PageHeader } from '../../page-header';
import { setMemberRoleAction } from '../actions';
import { ApprovalButtons } from '../approval-buttons';
import { EraseMemberButton } from '../erase-member-button';

const statusBadge = { approved: 'success', pending: 'default', rejected: 'destructive' } as const;
const dateOf = (value: string | Date | null, locale: string) => (value ? formatDate(value, locale) : 'never');

const profileOf = cache(async (id: string) => {
  const context = await requireMembership();
  const profile = await recordOr404(id, async (memberId) =>
    getMemberProfile(await getDb(), context.organization.id, { id: memberId }),
  );
  return { ...context, profile };
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { profile } = await profileOf((await params).id);
  return { title: `${profile.member.name} · Board members · Boardkit` };
}

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const { organization, role, profile } = await profileOf((await params).id);
  const { member } = profile;
  const db = await getDb();
  const [applications, alerts] = await Promise.all([
    applicationsOfMember(db, organization.id, member.id),
    alertsOf(db, organization.id, { email: member.email, memberId: member.id }),
  ]);
  const manage = can(role, 'members.manage');
  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/dashboard/members" className="text-primary underline">
          Members
        </a>
      </p>
      <PageHeader
        title={member.name}
        description={`${member.email} · ${member.role === 'employer' ? 'Employer' : 'Job seeker'} · joined ${dateOf(member.createdAt, organization.locale)} · last signed in ${dateOf(member.lastSignInAt, organization.locale)}`}
        actions={
          manage ? (
            <ApprovalButtons id={member.id} name={member.name} status={member.approvalStatus} />
          ) : undefined
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="space-y-3 p-6">
          <h2 className="text-lg font-semibold">Profile</h2>
          <p>
            Status: <Badge variant={statusBadge[member.approvalStatus]}>{member.approvalStatus}</Badge>
          </p>
          <p className="whitespace-pre-line text-sm text-muted-foreground">
            {member.description || 'No description.'}
          </p>
          {manage && (
            <form action={setMemberRoleAction} className="flex items-end gap-3">
              <input type="hidden" name="id" value={member.id} />
              <div className="grid gap-1.5">
                <Label htmlFor="member-role">Role</Label>
                <Select id="member-role" name="role" defaultValue={member.role}>
                  <option value="candidate">Job seeker</option>
                  <option value="employer">Employer</option>
                </Select>
              </div>
              <Button type="submit" variant="outline">
                Change role
              </Button>
            </form>
          )}
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-lg font-semibold">Applications</h2>
          {applications.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="divide-y divide-border text-sm">
              {applications.map((application) => (
                <li key={application.id} className="py-2">
                  <span className="font-medium">{application.jobTitle}</span> at {application.companyName} ·{' '}
                  {application.status} · <DateText value={application.createdAt} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-lg font-semibold">Job alerts</h2>
          {alerts.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="divide-y divide-border text-sm">
              {alerts.map((alert) => (
                <li key={alert.id} className="py-2 first-letter:uppercase">
                  {describeSearch(searchOf(alert))}, {frequencyWords[alert.frequency as AlertFrequency]}
                  {alert.status === 'pending' && ' (waiting for confirmation)'}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-lg font-semibold">Subscriptions and payments</h2>
          {profile.subscriptions.length === 0 && profile.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="divide-y divide-border text-sm">
              {profile.subscriptions.map((subscription) => (
                <li key={subscription.id} className="py-2">
                  Subscription · {subscription.status} · until{' '}
                  <DateText value={subscription.currentPeriodEnd} empty="never" />
                </li>
              ))}
              {profile.payments.map((payment) => (
                <li key={payment.id} className="py-2">
                  Payment · {formatMoney(payment.amountMinor, payment.currency, organization.locale)} ·{' '}
                  {payment.status}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {manage && (
        <Card className="mt-6 flex flex-wrap items-center justify-between gap-4 p-6">
          <div>
            <h2 className="text-lg font-semibold">Erase this member</h2>
            <p className="text-sm text-muted-foreground">
              When {member.name} asks for their data to be deleted. They can also do it themselves from their
              account page on the board.
            </p>
          </div>
          <EraseMemberButton id={member.id} name={member.name} />
        </Card>
      )}
    </>
  );
}
