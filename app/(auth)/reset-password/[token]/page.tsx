import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { findPasswordReset } from '@/lib/auth/password-reset';
import { ResetPasswordForm } from './reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password · Boardkit' };

/** Where a reset mail's link leads: the new password's form, or why the link is dead. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await findPasswordReset(await getDb(), token);
  if (!found.ok) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            This link does not work
          </CardTitle>
          <CardDescription>{found.reason}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link href="/forgot-password">Ask for a new link</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Choose a new password
        </CardTitle>
        <CardDescription>Saving it signs you in here and out of every other browser.</CardDescription>
      </CardHeader>
      <CardContent>
        <ResetPasswordForm token={token} email={found.email} />
      </CardContent>
    </Card>
  );
}
