import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { oauthProviders } from '@/lib/auth/auth';
import { OAuthButtons } from '../oauth-buttons';
import { SignUpForm } from './sign-up-form';

// Rendered per request: the enabled sign-in methods come from the runtime environment.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Create your board · Boardkit' };

export default function SignUpPage() {
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
