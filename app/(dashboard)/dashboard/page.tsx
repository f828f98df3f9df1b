import { ArrowRight } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { listApiKeys } from '@/lib/auth/api-keys';
import { requireMembership } from '@/lib/auth/session';
import { env } from '@/lib/core/env';
import { boardUrl } from '@/lib/organizations';
import { PageHeader } from './page-header';

export const metadata: Metadata = { title: 'Overview · Boardkit' };

export default async function OverviewPage() {
  const { organization } = await requireMembership();
  const keys = await listApiKeys(await getDb(), organization.id);
  const activeKeys = keys.filter((key) => !key.revokedAt).length;
  const apiUrl = `${env().APP_URL.replace(/\/$/, '')}/api`;
  return (
    <>
      <PageHeader title={organization.name} description="Your job board at a glance." />
      <Card className="mb-4">
        <CardHeader>
          <CardTitle>Your public board</CardTitle>
          <CardDescription>
            Jobs you publish appear there at once, with search, apply forms, your blog and pages.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <Button asChild size="sm">
            <a href={boardUrl(organization)} target="_blank" rel="noopener">
              View your board <ArrowRight />
            </a>
          </Button>
          <code className="break-all font-mono text-xs text-muted-foreground">{boardUrl(organization)}</code>
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/settings">Customize the look</Link>
          </Button>
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>API keys</CardTitle>
            <CardDescription>
              {activeKeys === 0
                ? 'No active key yet.'
                : `${activeKeys} active key${activeKeys === 1 ? '' : 's'}.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard/api-keys">
                Manage keys <ArrowRight />
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>API reference</CardTitle>
            <CardDescription>
              Every endpoint, field and error code, with a console to try them.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline" size="sm">
              <Link href="/docs">
                Open the reference <ArrowRight />
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>First call</CardTitle>
          <CardDescription>Create a key, then check it against the API:</CardDescription>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded-md bg-foreground p-4 font-mono text-xs text-background">
            {`curl ${apiUrl}/organization \\\n  -H "x-api-key: <API_KEY>"`}
          </pre>
        </CardContent>
      </Card>
    </>
  );
}
