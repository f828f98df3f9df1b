// The job source worker: opens runs for the sources that are due, then executes open runs one by one
// (its own and those asked for with "Sync now"), claiming each so no two instances run one source.
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { getDb } from '@/db/client';
import { createBackgroundRunner } from '@/lib/core/background-runner';
import { newId } from '@/lib/core/ids';
import { executeRows } from '@/lib/core/transaction';
import type { JobSourceRunOut } from './schemas';
import { findJobSource, openRun, toRunOut } from './service';
import { claimRun, executeRun, type SyncOptions } from './sync';

/** Sources whose runs are opened per pass; the rest wait for the next one. */
const DUE_BATCH = 50;

const runner = createBackgroundRunner('job_sources', async (until) =>
  runJobSourceWorker(await getDb(), { until }),
);

/** `auto` runs after "Sync now" and on the timer; tests use `manual` and run the worker themselves. */
export const setJobSourceDispatch = runner.setMode;

/** Long-running servers, once at boot: every 30 s a pass opens due runs and executes open ones. */
export const startJobSourceTimer = () => runner.start(30_000);

/** Opens a run for each enabled source whose interval has passed since its latest run began. */
export async function openDueRuns(db: Database, now = new Date()): Promise<number> {
  const due = await executeRows<{ id: string; organization_id: number }>(
    db,
    sql`select s.id, s.organization_id from job_sources s
      where s.is_enabled
        and not exists (select 1 from job_source_runs r where r.source_id = s.id and r.finished_at is null)
        and coalesce((select max(r.started_at) from job_source_runs r where r.source_id = s.id), '-infinity'::timestamptz)
          <= ${now.toISOString()}::timestamptz - make_interval(mins => s.sync_interval_minutes)
      order by s.id limit ${DUE_BATCH}`,
  );
  let opened = 0;
  for (const source of due) {
    const { created } = await openRun(db, { id: source.id, organizationId: source.organization_id }, now);
    if (created) opened++;
  }
  return opened;
}

/**
 * One pass: open the due runs, then execute open runs until none is left unclaimed or `until`
 * (epoch ms) has passed. Answers how many runs it executed.
 */
export async function runJobSourceWorker(
  db: Database,
  options: SyncOptions & { until?: number } = {},
): Promise<{ opened: number; executed: number }> {
  const now = options.now ?? (() => new Date());
  const opened = await openDueRuns(db, now());
  let executed = 0;
  while (options.until === undefined || Date.now() < options.until) {
    const token = newId();
    const run = await claimRun(db, token, now());
    if (!run) break;
    await executeRun(db, run, token, options);
    executed++;
  }
  return { opened, executed };
}

/**
 * POST /job-sources/{id}/sync: opens a run (or answers the open one) and kicks the worker. The run
 * is answered as it stands; its progress is read from the source's `last_run`.
 */
export async function requestSync(db: Database, orgId: number, id: string): Promise<JobSourceRunOut> {
  const source = await findJobSource(db, orgId, id);
  const { run } = await openRun(db, source);
  runner.kick();
  return toRunOut(run);
}

/** A new or re-enabled source is due at once: let the worker find it without waiting for the timer. */
export const kickJobSources = runner.kick;
