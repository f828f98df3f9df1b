'use client';

import { RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import type { JobSourceOut } from '@/lib/job-sources/schemas';
import { jobSourceProgressAction, syncJobSourceAction } from './actions';
import { jobCountText, runCounts, runErrorText, runStatusText } from './labels';

/** How often a run in progress is read again. */
const POLL_MS = 1_000;

/**
 * A source's latest run, its job count and, for those who may manage jobs, "Sync now". While a run
 * is in progress (started here, by the schedule, or elsewhere) its counts are read every second until
 * it finishes; the status line is a polite live region, so a screen reader hears the progress and the
 * outcome without leaving the button.
 */
export function SyncControl({
  source: initial,
  name,
  canManage,
}: {
  source: JobSourceOut;
  /** The source as the list names it, for the button's accessible name. */
  name: string;
  canManage: boolean;
}) {
  const router = useRouter();
  const [source, setSource] = useState(initial);
  const [error, setError] = useState<string>();
  const [starting, startTransition] = useTransition();
  const run = source.last_run;
  const running = run?.status === 'running';
  const busy = running || starting;
  // Said once something happens here: a press, a run in progress, or its end.
  const status =
    starting && !running
      ? 'Starting a sync…'
      : run && (running || source !== initial)
        ? runStatusText(run)
        : '';

  // A failed read (the network, a deploy) tries again at the next tick rather than stopping.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt schedules the next read.
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      let answer: Awaited<ReturnType<typeof jobSourceProgressAction>>;
      try {
        answer = await jobSourceProgressAction(source.id);
      } catch {
        if (stopped) return;
        setError('The progress could not be read; trying again…');
        setAttempt((count) => count + 1);
        return;
      }
      if (stopped) return;
      setError(answer.error);
      if (!answer.source) return;
      setSource(answer.source);
      // Finished: the server-rendered parts (the failures, the list's other rows) catch up.
      if (answer.source.last_run?.status !== 'running') router.refresh();
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, source, router, attempt]);

  const syncNow = () =>
    startTransition(async () => {
      const answer = await syncJobSourceAction(source.id);
      setError(answer.error);
      if (answer.run) setSource((current) => ({ ...current, last_run: answer.run! }));
    });

  return (
    <div className="grid gap-2 text-sm" data-testid="sync-control">
      <dl className="grid gap-1 sm:grid-cols-[7rem_1fr]">
        <dt className="text-muted-foreground">Last run</dt>
        <dd>
          {run ? (
            <span className="flex flex-wrap items-center gap-2">
              <DateText value={run.started_at} style="dateTime" utc />
              <Badge
                variant={
                  run.status === 'failed' ? 'destructive' : run.status === 'running' ? 'default' : 'success'
                }
              >
                {run.status === 'running' ? 'In progress' : run.status === 'failed' ? 'Failed' : 'Succeeded'}
              </Badge>
            </span>
          ) : (
            'Never synced'
          )}
        </dd>
        {run && run.status !== 'failed' ? (
          <>
            <dt className="text-muted-foreground">Counts</dt>
            <dd data-testid="run-counts">
              {run.not_modified ? 'Not changed since the last sync' : runCounts(run)}
            </dd>
          </>
        ) : null}
        {run?.error ? (
          <>
            <dt className="text-muted-foreground">Error</dt>
            <dd className="text-destructive" data-testid="run-error">
              {runErrorText(run.error)} No job was changed.
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Jobs</dt>
        <dd data-testid="source-jobs">{jobCountText(source.jobs)}</dd>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {canManage ? (
          // aria-disabled rather than disabled: the button keeps the focus it was pressed with, so a
          // keyboard user stays where the run's status is read out.
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-disabled={busy || undefined}
            onClick={busy ? undefined : syncNow}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            <RefreshCw className={running ? 'motion-safe:animate-spin' : undefined} aria-hidden />
            {busy ? 'Syncing…' : 'Sync now'}
            <span className="sr-only"> ({name})</span>
          </Button>
        ) : null}
        <p role="status" className="text-muted-foreground" data-testid="sync-status">
          {status}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
