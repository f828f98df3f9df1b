import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Forgot your password? · Boardkit' };

export default function ForgotPasswordPage() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Forgot your password?
        </CardTitle>
        <CardDescription>
          Enter the address you sign in with. We will email it a link to choose a new password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ForgotPasswordForm />
        <p className="text-center text-sm text-muted-foreground">
          Remembered it?{' '}
          <Link href="/sign-in" className="font-medium text-link">
            Sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
