// The job sources of an organization: create, list, read, change, delete, and ask for a sync.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type JobSource, type JobSourceRun, jobSourceRuns, jobSources, jobs } from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { executeRows, queryAll } from '@/lib/core/transaction';
import { validationDetail } from '@/lib/core/validation';
import { checkTargetUrl, type TargetPolicyOptions } from '@/lib/net';
import type {
  CreateJobSourceInput,
  JobSourceKind,
  JobSourceOut,
  JobSourceRunOut,
  UpdateJobSourceInput,
} from './schemas';

export function toRunOut(run: JobSourceRun): JobSourceRunOut {
  return {
    id: run.id,
    status: run.finishedAt === null ? 'running' : run.error ? 'failed' : 'succeeded',
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    postings: run.postings,
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    expired: run.expired,
    failed: run.failed,
    failures: run.failures,
    not_modified: run.notModified,
    error: run.error,
  };
}

function toSourceOut(source: JobSource, lastRun: JobSourceRun | undefined, jobCount: number): JobSourceOut {
  return {
    id: source.id,
    kind: source.kind as JobSourceKind,
    url: source.url,
    company_name: source.companyName,
    category: source.category,
    status_for_new_jobs: source.statusForNewJobs as JobSourceOut['status_for_new_jobs'],
    is_enabled: source.isEnabled,
    sync_interval_minutes: source.syncIntervalMinutes,
    jobs: jobCount,
    last_run: lastRun ? toRunOut(lastRun) : null,
    created_at: source.createdAt.toISOString(),
    updated_at: source.updatedAt.toISOString(),
  };
}

/**
 * The URL as stored, or 400. A name that does not resolve yet is accepted (as for webhooks); every
 * fetch resolves and checks it again.
 */
async function assertSourceUrl(url: string, network: TargetPolicyOptions | undefined): Promise<string> {
  const check = await checkTargetUrl(url, network);
  if (check.ok) return check.url.toString();
  if (check.code === 'dns_error') return new URL(url).toString();
  throw new AppError('validation_error', `url is not allowed: ${check.reason}`, [
    validationDetail('body', ['url'], check.code, check.reason),
  ]);
}

/** The latest run and the job count of each source. */
async function sourceFacts(db: Database, ids: string[]) {
  if (ids.length === 0) return { runs: new Map<string, JobSourceRun>(), counts: new Map<string, number>() };
  const [runs, counts] = await queryAll(db, [
    db
      .selectDistinctOn([jobSourceRuns.sourceId])
      .from(jobSourceRuns)
      .where(inArray(jobSourceRuns.sourceId, ids))
      .orderBy(jobSourceRuns.sourceId, desc(jobSourceRuns.startedAt), desc(jobSourceRuns.id)),
    db
      .select({ sourceId: jobs.sourceId, total: count() })
      .from(jobs)
      .where(inArray(jobs.sourceId, ids))
      .groupBy(jobs.sourceId),
  ]);
  return {
    runs: new Map(runs.map((run) => [run.sourceId, run])),
    counts: new Map(counts.map((row) => [row.sourceId!, row.total])),
  };
}

export async function findJobSource(db: Database, orgId: number, id: string): Promise<JobSource> {
  const [row] = await db
    .select()
    .from(jobSources)
    .where(and(eq(jobSources.organizationId, orgId), eq(jobSources.id, id)))
    .limit(1);
  if (!row) throw notFound('Job source');
  return row;
}

export async function getJobSource(db: Database, orgId: number, id: string): Promise<JobSourceOut> {
  const source = await findJobSource(db, orgId, id);
  const { runs, counts } = await sourceFacts(db, [id]);
  return toSourceOut(source, runs.get(id), counts.get(id) ?? 0);
}

/** How many of the organization's enabled sources failed their last finished sync. */
export async function countFailingJobSources(db: Database, orgId: number): Promise<number> {
  const lastError = sql`(select ${jobSourceRuns.error} from ${jobSourceRuns}
    where ${jobSourceRuns.sourceId} = ${jobSources.id} and ${jobSourceRuns.finishedAt} is not null
    order by ${jobSourceRuns.startedAt} desc limit 1)`;
  const [row] = await db
    .select({ value: count() })
    .from(jobSources)
    .where(
      and(
        eq(jobSources.organizationId, orgId),
        eq(jobSources.isEnabled, true),
        sql`${lastError} is not null`,
      ),
    );
  return row?.value ?? 0;
}

export async function listJobSources(
  db: Database,
  orgId: number,
  page: PageRequest,
): Promise<{ sources: JobSourceOut[]; total: number }> {
  const { limit, offset } = pageOffset(page);
  const where = eq(jobSources.organizationId, orgId);
  const [rows, [totals]] = await queryAll(db, [
    db
      .select()
      .from(jobSources)
      .where(where)
      .orderBy(desc(jobSources.createdAt), desc(jobSources.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(jobSources).where(where),
  ]);
  const { runs, counts } = await sourceFacts(
    db,
    rows.map((row) => row.id),
  );
  return {
    sources: rows.map((row) => toSourceOut(row, runs.get(row.id), counts.get(row.id) ?? 0)),
    total: totals?.total ?? 0,
  };
}

export async function createJobSource(
  db: Database,
  orgId: number,
  input: CreateJobSourceInput,
  network?: TargetPolicyOptions,
): Promise<JobSourceOut> {
  const url = await assertSourceUrl(input.url, network);
  const [row] = await db
    .insert(jobSources)
    .values({
      organizationId: orgId,
      kind: input.kind,
      url,
      companyName: input.company_name ?? null,
      category: input.category ?? null,
      statusForNewJobs: input.status_for_new_jobs,
      isEnabled: input.is_enabled,
      syncIntervalMinutes: input.sync_interval_minutes,
    })
    .returning();
  return toSourceOut(row!, undefined, 0);
}

/**
 * PATCH: a change to what postings map to (kind, URL, company, category) drops the stored validators,
 * so the next run fetches the whole document and updates every job whose mapping changed.
 */
export async function updateJobSource(
  db: Database,
  orgId: number,
  id: string,
  input: UpdateJobSourceInput,
  network?: TargetPolicyOptions,
): Promise<JobSourceOut> {
  await findJobSource(db, orgId, id);
  const changes: Partial<typeof jobSources.$inferInsert> = {};
  if (input.url !== undefined) changes.url = await assertSourceUrl(input.url, network);
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.company_name !== undefined) changes.companyName = input.company_name;
  if (input.category !== undefined) changes.category = input.category;
  if (input.status_for_new_jobs !== undefined) changes.statusForNewJobs = input.status_for_new_jobs;
  if (input.is_enabled !== undefined) changes.isEnabled = input.is_enabled;
  if (input.sync_interval_minutes !== undefined) changes.syncIntervalMinutes = input.sync_interval_minutes;
  const remaps =
    input.url !== undefined ||
    input.kind !== undefined ||
    input.company_name !== undefined ||
    input.category !== undefined;
  if (remaps) {
    changes.etag = null;
    changes.lastModified = null;
  }
  await db
    .update(jobSources)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(jobSources.organizationId, orgId), eq(jobSources.id, id)));
  return getJobSource(db, orgId, id);
}

/** DELETE: the source and its runs; its jobs stay on the board, no longer synced (`source_id` null). */
export async function deleteJobSource(
  db: Database,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .delete(jobSources)
    .where(and(eq(jobSources.organizationId, orgId), eq(jobSources.id, id)))
    .returning({ id: jobSources.id });
  if (!row) throw notFound('Job source');
  return { id: row.id, deleted: true };
}

/**
 * Opens a run for the source, or answers the one already open: the partial unique index on open
 * runs makes "one at a time" hold across instances. `created` says whether this call opened it.
 */
export async function openRun(
  db: Database,
  source: Pick<JobSource, 'id' | 'organizationId'>,
  now = new Date(),
): Promise<{ run: JobSourceRun; created: boolean }> {
  const [inserted] = await executeRows<{ id: string }>(
    db,
    sql`insert into ${jobSourceRuns} (id, source_id, organization_id, started_at)
      values (${newId()}::uuid, ${source.id}::uuid, ${source.organizationId}::int, ${now.toISOString()}::timestamptz)
      on conflict (source_id) where finished_at is null do nothing returning id`,
  );
  const [run] = await db
    .select()
    .from(jobSourceRuns)
    .where(
      inserted
        ? eq(jobSourceRuns.id, inserted.id)
        : and(eq(jobSourceRuns.sourceId, source.id), sql`${jobSourceRuns.finishedAt} is null`),
    )
    .limit(1);
  // The open run finished between the insert and the read: open the next one.
  if (!run) return openRun(db, source, now);
  return { run, created: !!inserted };
}
