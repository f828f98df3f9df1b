import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { oauthProviders } from '@/lib/auth/auth';
import { OAuthButtons } from '../oauth-buttons';
import { SignInForm } from './sign-in-form';

// Rendered per request: the enabled sign-in methods come from the runtime environment.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in · Boardkit' };

export default function SignInPage() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Sign in
        </CardTitle>
        <CardDescription>Manage your job board, its content and API keys.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SignInForm />
        <OAuthButtons providers={oauthProviders()} />
        <p className="text-center text-sm text-muted-foreground">
          New to Boardkit?{' '}
          <Link href="/sign-up" className="font-medium text-link">
            Create an account
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
