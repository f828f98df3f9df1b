import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { auth } from '@/lib/auth/auth';
import { findInvitation } from '@/lib/auth/team';
import { roleWords } from '@/lib/auth/team-mail';
import { findUserByEmail } from '@/lib/auth/users';
import { DeadLinkCard } from '../../dead-link-card';
import { signOutForInviteAction } from './actions';
import { JoinForm, NewAccountForm, PasswordForm } from './invite-forms';

export const metadata: Metadata = { title: 'Join a team · Boardkit' };

/**
 * Where an invitation's link leads: who invites to what, then the one step that fits the visitor
 * (create the invited address's account, sign in as it, or join as it), or why the link is dead.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const [found, session] = await Promise.all([findInvitation(db, token), auth()]);
  if (!found.ok) {
    return (
      <DeadLinkCard
        title="This invitation does not work"
        reason={found.reason}
        next={{ href: '/sign-in', label: 'Go to sign-in' }}
      />
    );
  }
  const { invitation, organization, inviter } = found;
  const signedInAs = session?.user?.email?.toLowerCase();
  const account = signedInAs ? null : await findUserByEmail(db, invitation.email);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Join {organization.name}
        </CardTitle>
        <CardDescription>
          {inviter ?? 'Its owner'} invited {invitation.email} as {`an ${invitation.role}`}: to{' '}
          {roleWords[invitation.role]}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {signedInAs === invitation.email ? (
          <JoinForm token={token} organization={organization.name} />
        ) : signedInAs ? (
          <>
            <p className="text-sm">
              You are signed in as <strong>{signedInAs}</strong>. Sign out, then sign in or create an account
              as {invitation.email} to accept.
            </p>
            <form action={signOutForInviteAction.bind(null, token)}>
              <Button type="submit" variant="outline" className="w-full">
                Sign out
              </Button>
            </form>
          </>
        ) : account?.passwordHash ? (
          <PasswordForm token={token} email={invitation.email} />
        ) : account ? (
          <p className="text-sm">
            This address signs in with GitHub or Google.{' '}
            <Link href="/sign-in" className="text-link">
              Sign in
            </Link>{' '}
            that way, then open the link in the invitation again.
          </p>
        ) : (
          <NewAccountForm token={token} email={invitation.email} />
        )}
      </CardContent>
    </Card>
  );
}
