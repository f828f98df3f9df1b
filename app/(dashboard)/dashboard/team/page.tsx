import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { membershipRoles } from '@/db/schema';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listTeam } from '@/lib/auth/team';
import { roleWords } from '@/lib/auth/team-mail';
import { PageHeader } from '../page-header';
import { roleLabels } from './role-labels';
import { InviteForm, RemoveTeammateButton, RoleForm, WithdrawInvitationButton } from './team-forms';

export const metadata: Metadata = { title: 'Team · Boardkit' };

/** The people who run the board in the dashboard, their roles, and who is invited. */
export default async function TeamPage() {
  const { organization, role, userId } = await requireMembership();
  const { teammates, invitations } = await listTeam(await getDb(), organization.id);
  const manage = can(role, 'team.manage');
  // Only an owner gives or takes the owner role.
  const grantable = role === 'owner' ? membershipRoles : membershipRoles.filter((each) => each !== 'owner');
  const now = new Date();
  return (
    <>
      <PageHeader
        title="Team"
        description={`The people who run ${organization.name} in this dashboard. Board members (job seekers and employers) are under Board members.`}
      />
      <dl className="mb-6 grid gap-2 text-sm sm:grid-cols-3">
        {membershipRoles.map((each) => (
          <div key={each}>
            <dt className="font-medium">{roleLabels[each]}</dt>
            <dd className="text-muted-foreground">Can {roleWords[each]}.</dd>
          </div>
        ))}
      </dl>
      {manage ? (
        <Card className="mb-6">
          <CardHeader>
            <CardTitle as="h2">Invite a teammate</CardTitle>
            <CardDescription>
              They get an email with a link that works once, for 7 days. Without an account, they create one
              on the way.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm roles={grantable} />
          </CardContent>
        </Card>
      ) : null}
      <Card className="mb-6">
        <CardHeader>
          <CardTitle as="h2">
            {teammates.length} {teammates.length === 1 ? 'person' : 'people'}
          </CardTitle>
        </CardHeader>
        <Table label="Teammates">
          <TableHead rule="both">
            <th className="px-4 py-3 font-medium">Name</th>
            <th className="px-4 py-3 font-medium">Role</th>
            <th className="px-4 py-3 font-medium">Joined</th>
            <th className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </TableHead>
          <tbody>
            {teammates.map((person) => {
              const name = person.name ?? person.email;
              const self = person.userId === userId;
              // An owner's role is an owner's to change.
              const editable = manage && !self && (person.role !== 'owner' || role === 'owner');
              return (
                <tr
                  key={person.userId}
                  className="border-b border-border last:border-0"
                  data-testid="teammate-row"
                >
                  <td className="px-4 py-3">
                    <div className="font-medium">
                      {name} {self ? <Badge variant="muted">you</Badge> : null}
                    </div>
                    <div className="text-muted-foreground">{person.email}</div>
                  </td>
                  <td className="px-4 py-3">
                    {editable ? (
                      <RoleForm
                        // A new role remounts the form: React resets a submitted form to its first defaults.
                        key={person.role}
                        userId={person.userId}
                        name={name}
                        role={person.role}
                        roles={grantable}
                      />
                    ) : (
                      roleLabels[person.role]
                    )}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">
                    <DateText value={person.joinedAt} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    {editable ? <RemoveTeammateButton userId={person.userId} name={name} /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Card>
      {invitations.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Invited</CardTitle>
            <CardDescription>
              Not accepted yet. Invite an address again to send it a new link.
            </CardDescription>
          </CardHeader>
          <Table label="Invitations">
            <TableHead rule="both">
              <th className="px-4 py-3 font-medium">Email</th>
              <th className="px-4 py-3 font-medium">Role</th>
              <th className="px-4 py-3 font-medium">Invited by</th>
              <th className="px-4 py-3 font-medium">Link</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </TableHead>
            <tbody>
              {invitations.map((invitation) => (
                <tr
                  key={invitation.id}
                  className="border-b border-border last:border-0"
                  data-testid="invitation-row"
                >
                  <td className="px-4 py-3 font-medium">{invitation.email}</td>
                  <td className="px-4 py-3">{roleLabels[invitation.role]}</td>
                  <td className="px-4 py-3 text-muted-foreground">
                    {invitation.invitedBy ?? 'Someone since removed'}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">
                    {invitation.expiresAt > now ? (
                      <>
                        Works until <DateText value={invitation.expiresAt} />
                      </>
                    ) : (
                      <Badge variant="muted">expired</Badge>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right">
                    {manage ? <WithdrawInvitationButton id={invitation.id} email={invitation.email} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      ) : null}
    </>
  );
}
