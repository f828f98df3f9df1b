import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { getJobSource } from '@/lib/job-sources';
import { recordOr404 } from '../../_components/record-or-404';
import { PageHeader } from '../../page-header';
import { DeleteSourceButton } from '../delete-source-button';
import { formValuesFromSource } from '../form';
import { kindLabel, sourceName } from '../labels';
import { JobSourceForm } from '../source-form';
import { SyncControl } from '../sync-control';

type Params = { params: Promise<{ id: string }> };

const findSource = cache(async (id: string) => {
  const { organization } = await requireMembership('jobs.write');
  return recordOr404(id, async (sourceId) => getJobSource(await getDb(), organization.id, sourceId));
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const source = await findSource((await params).id);
  return { title: `${sourceName(source)} · Job sources · Boardkit` };
}

export default async function EditJobSourcePage({ params }: Params) {
  const source = await findSource((await params).id);
  const name = sourceName(source);
  const failures = source.last_run?.failures ?? [];
  return (
    <>
      <PageHeader
        title={name}
        description={kindLabel(source.kind)}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/job-sources">
              <ArrowLeft aria-hidden /> All sources
            </Link>
          </Button>
        }
      />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Latest run</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SyncControl source={source} name={name} canManage />
          {failures.length > 0 ? (
            <div>
              <h3 className="mb-1 text-sm font-medium">Postings that could not be imported</h3>
              <ul className="grid list-disc gap-1 pl-5 text-sm" data-testid="run-failures">
                {failures.map((failure, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one posting id may fail more than once (duplicates); the list never reorders.
                  <li key={`${index}-${failure.external_id}`}>
                    {failure.external_id ? (
                      <span className="font-mono text-xs">{failure.external_id}</span>
                    ) : (
                      'A posting without an id'
                    )}
                    : {failure.message}
                  </li>
                ))}
              </ul>
              {source.last_run && source.last_run.failed > failures.length ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  The first {failures.length} of {source.last_run.failed} are listed.
                </p>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Settings</CardTitle>
          <CardDescription>
            A new kind, URL, company or category makes the next sync fetch the whole document and update every
            job to match.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <JobSourceForm sourceId={source.id} initial={formValuesFromSource(source)} />
        </CardContent>
      </Card>
      <Card className="border-destructive/30">
        <CardHeader>
          <CardTitle>Delete this source</CardTitle>
          <CardDescription>
            It stops syncing; the jobs it imported stay on the board as they are.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteSourceButton id={source.id} name={name} jobCount={source.jobs} />
        </CardContent>
      </Card>
    </>
  );
}
