import type { Metadata } from 'next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import type { TeamNotice } from '@/db/schema';
import { accountSettings, noticesFor } from '@/lib/auth/account';
import { requireMembership } from '@/lib/auth/session';
import { PageHeader } from '../page-header';
import {
  LeaveOrganizationButton,
  NameForm,
  NoticesForm,
  PasswordForm,
  PasswordLinkForm,
} from './account-forms';
import { endSessionsAction } from './actions';

export const metadata: Metadata = { title: 'Your account · Boardkit' };

const noticeWords: Record<TeamNotice, { label: string; detail: string }> = {
  application_received: {
    label: 'someone applies to a job that names no contact',
    detail: 'A job with a contact email sends its applications there instead.',
  },
  employer_approval: {
    label: 'an employer waits for approval to post jobs',
    detail: 'Only when the board approves employers before they post.',
  },
};

/** The signed-in person's own settings: every teammate has them, whatever their role. */
export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { userId, organization, role } = await requireMembership();
  const saved = (await searchParams).saved === 'password';
  const account = await accountSettings(await getDb(), userId, organization.id);
  const notices = noticesFor(role).map((notice) => ({
    notice,
    ...noticeWords[notice],
    on: account.notices[notice],
  }));
  return (
    <>
      <PageHeader title="Your account" description={`You sign in as ${account.email}.`} />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Name</CardTitle>
          <CardDescription>Shown to your team and in the invitations you send.</CardDescription>
        </CardHeader>
        <CardContent>
          <NameForm name={account.name ?? ''} />
        </CardContent>
      </Card>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>
            {account.hasPassword
              ? 'A new password signs you out of every other browser.'
              : 'You sign in with GitHub or Google. A password lets you sign in with your email address too; the link proves the address is yours.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {account.hasPassword ? (
            <PasswordForm key={String(saved)} email={account.email} saved={saved} />
          ) : (
            <PasswordLinkForm />
          )}
        </CardContent>
      </Card>
      {notices.length > 0 ? (
        <Card className="mb-6">
          <CardHeader>
            <CardTitle>Emails from {organization.name}</CardTitle>
            <CardDescription>
              Your choice for this organization only; your teammates choose their own.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <NoticesForm notices={notices} />
          </CardContent>
        </Card>
      ) : null}
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Browsers</CardTitle>
          <CardDescription>
            Left yourself signed in somewhere else, or lost a device? This signs you out everywhere, here too.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form action={endSessionsAction}>
            <Button type="submit" variant="outline">
              Sign out of every browser
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Leave {organization.name}</CardTitle>
          <CardDescription>
            {account.onlyOwner
              ? 'You are its only owner: make a teammate owner on the Team page before you leave.'
              : 'Your account stays, with any other organization you work in.'}
          </CardDescription>
        </CardHeader>
        {account.onlyOwner ? null : (
          <CardContent>
            <LeaveOrganizationButton organization={organization.name} />
          </CardContent>
        )}
      </Card>
    </>
  );
}
