import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { getPaymentSettings } from '@/lib/payments';
import { listSecrets } from '@/lib/secrets/service';
import { currencyOptions } from '../../plans/plan-values';
import { paymentFormValues } from '../payment-settings-values';
import { PaymentsForm } from '../payments-form';

export const metadata: Metadata = { title: 'Payments & paywall · Settings · Boardkit' };

export default async function PaymentSettingsPage() {
  const { organization, role } = await requireMembership();
  const canEdit = can(role, 'settings.manage');
  const db = await getDb();
  const [payments, secrets] = await Promise.all([
    getPaymentSettings(db, organization.id),
    listSecrets(db, organization.id),
  ]);
  return (
    <Card id="payments">
      <CardHeader>
        <CardTitle>Payments</CardTitle>
        <CardDescription>
          How members pay for the plans you sell (set them up in{' '}
          <Link href="/dashboard/plans" className="font-medium text-primary underline">
            Plans
          </Link>
          ), and what the paywall keeps for subscribers.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PaymentsForm
          initial={paymentFormValues(payments)}
          secretNames={secrets.map((secret) => secret.name)}
          webhookUrl={payments.webhook_url}
          currencies={currencyOptions()}
          disabled={!canEdit}
        />
      </CardContent>
    </Card>
  );
}
