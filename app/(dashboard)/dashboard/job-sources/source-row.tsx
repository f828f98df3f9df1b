import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { JobSourceOut } from '@/lib/job-sources/schemas';
import { intervalText, kindLabel, shortUrl, sourceName } from './labels';
import { SyncControl } from './sync-control';

/** A source in the list: what it imports and how, its latest run with "Sync now", and its editor. */
export function SourceRow({ source, canManage }: { source: JobSourceOut; canManage: boolean }) {
  const name = sourceName(source);
  const editor = `/dashboard/job-sources/${source.id}`;
  return (
    <li className="grid gap-3 px-4 py-4" data-testid="source-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="flex flex-wrap items-center gap-2 font-medium">
            {canManage ? (
              <Link href={editor} className="hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
            <Badge variant="muted">{kindLabel(source.kind)}</Badge>
            {source.is_enabled ? (
              <Badge variant="success">Syncs {intervalText(source.sync_interval_minutes)}</Badge>
            ) : (
              <Badge variant="muted">Schedule off</Badge>
            )}
          </h2>
          <p className="break-all text-xs text-muted-foreground" data-testid="source-url">
            {shortUrl(source.url)}
          </p>
          <p className="text-xs text-muted-foreground">
            Company: {source.company_name ?? 'as the postings name it'}
            {source.category ? ` · Category: ${source.category}` : ''}
            {source.status_for_new_jobs === 'pending' ? ' · New jobs wait for approval' : ''}
          </p>
        </div>
        {canManage ? (
          <Button asChild variant="outline" size="sm">
            <Link href={editor}>
              Edit <span className="sr-only">{name}</span>
            </Link>
          </Button>
        ) : null}
      </div>
      <SyncControl source={source} name={name} canManage={canManage} />
    </li>
  );
}
