import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { findPasswordReset } from '@/lib/auth/password-reset';
import { DeadLinkCard } from '../../dead-link-card';
import { ResetPasswordForm } from './reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password · Boardkit' };

/** Where a reset mail's link leads: the new password's form, or why the link is dead. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await findPasswordReset(await getDb(), token);
  if (!found.ok) {
    return (
      <DeadLinkCard
        title="This link does not work"
        reason={found.reason}
        next={{ href: '/forgot-password', label: 'Ask for a new link' }}
      />
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
