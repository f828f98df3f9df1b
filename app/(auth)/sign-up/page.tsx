import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { auth, oauthProviders } from '@/lib/auth/auth';
import { signOutAction } from '../actions';
import { OAuthButtons } from '../oauth-buttons';
import { NewBoardForm, SignUpForm } from './sign-up-form';

// Rendered per request: the enabled sign-in methods come from the runtime environment.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Create your board · Boardkit' };

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await auth();
  if (session?.user) {
    // The dashboard sends an account that is on no team any more here (it left, or was removed).
    const teamless = (await searchParams).reason === 'no-organization';
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            Create a job board
          </CardTitle>
          <CardDescription>
            {teamless
              ? `You are signed in as ${session.user.email} and work on no board now. Start one of your own, or ask a board's owner to invite you.`
              : `A new board of your own, owned by ${session.user.email}.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <NewBoardForm />
          {teamless ? (
            <form action={signOutAction}>
              <Button type="submit" variant="outline" className="w-full">
                Sign out
              </Button>
            </form>
          ) : (
            <Button asChild variant="outline" className="w-full">
              <Link href="/dashboard">Back to the dashboard</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Create your job board
        </CardTitle>
        <CardDescription>An account and a board of your own, ready for the API in a minute.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SignUpForm />
        <OAuthButtons providers={oauthProviders()} />
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link href="/sign-in" className="font-medium text-link">
            Sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
