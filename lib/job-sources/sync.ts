// One run of a source: fetch (guarded, conditional, bounded), parse, then write each posting through
// the jobs service (created, updated, or left alone when its hash is unchanged) and expire the jobs
// whose postings left. A run is executed by whoever holds its claim; the claim is extended as it goes
// and the run stops when it is lost, so two instances never write one source at once.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type JobSource, type JobSourceRun, jobSourceRuns, jobSources, jobs } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { createJob, effectiveStatus, updateJob } from '@/lib/jobs';
import { guardedRequest, TargetError, type TargetPolicyOptions } from '@/lib/net';
import { mapPosting } from './mapping';
import { parsePostings, SourceFormatError } from './parse';
import type { JobSourceKind } from './schemas';

/** Defaults for a fetch: sources are public JSON or XML documents, a few MB at most in practice. */
export const FETCH_TIMEOUT_MS = 20_000;
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** How long a claim holds without being extended; a run extends it after every posting. */
export const CLAIM_MS = 2 * 60_000;
const MAX_FAILURES_LISTED = 20;

export interface SyncOptions {
  /** The SSRF policy; by default the environment's (ALLOW_PRIVATE_NETWORK_TARGETS). */
  network?: TargetPolicyOptions;
  timeoutMs?: number;
  maxResponseBytes?: number;
  now?: () => Date;
}

interface Counts {
  postings: number | null;
  created: number;
  updated: number;
  unchanged: number;
  expired: number;
  failed: number;
  failures: { external_id: string; message: string }[];
  notModified: boolean;
}

/** The claim was taken over (it expired) or the source was deleted: stop writing. */
class ClaimLost extends Error {}

type Fetched =
  | { status: 'not_modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

async function fetchSource(source: JobSource, options: SyncOptions): Promise<Fetched> {
  const maxResponseBytes = options.maxResponseBytes ?? MAX_SOURCE_BYTES;
  const headers: Record<string, string> = {
    accept: source.kind === 'xml' ? 'application/xml, text/xml;q=0.9, */*;q=0.1' : 'application/json',
    'user-agent': 'Boardkit job sources',
  };
  if (source.etag) headers['if-none-match'] = source.etag;
  if (source.lastModified) headers['if-modified-since'] = source.lastModified;
  let response: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    response = await guardedRequest(source.url, {
      ...options.network,
      headers,
      timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
      maxRedirects: 3,
      // One byte more than allowed tells a document of exactly the limit from a larger one.
      maxResponseBytes: maxResponseBytes + 1,
    });
  } catch (error) {
    if (error instanceof TargetError) throw new RunError(`${error.reason}: ${error.message}`);
    throw error;
  }
  if (response.status === 304 && (source.etag || source.lastModified)) return { status: 'not_modified' };
  if (response.status < 200 || response.status >= 300)
    throw new RunError(`http_status: the source answered ${response.status}`);
  if (response.truncated)
    throw new RunError(`too_large: the response is larger than ${maxResponseBytes} bytes`);
  return {
    status: 'ok',
    body: response.body,
    etag: response.headers.etag ?? null,
    lastModified: response.headers['last-modified'] ?? null,
  };
}

/** A run that failed as a whole: recorded as its `error`, no job changed. */
class RunError extends Error {}

/**
 * Executes a claimed run to its end. Never throws for the source's faults (they become the run's
 * error); a lost claim ends it without writing anything more.
 */
export async function executeRun(
  db: Database,
  run: JobSourceRun,
  claimToken: string,
  options: SyncOptions = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const [source] = await db.select().from(jobSources).where(eq(jobSources.id, run.sourceId)).limit(1);
  if (!source) return;
  const counts: Counts = {
    postings: null,
    created: 0,
    updated: 0,
    unchanged: 0,
    expired: 0,
    failed: 0,
    failures: [],
    notModified: false,
  };
  const progress = () => saveProgress(db, run.id, claimToken, counts, now());
  try {
    const fetched = await fetchSource(source, options);
    if (fetched.status === 'not_modified') {
      counts.notModified = true;
      await finish(db, run.id, claimToken, counts, null, now());
      return;
    }
    let postings: ReturnType<typeof parsePostings>;
    try {
      postings = parsePostings(source.kind as JobSourceKind, fetched.body);
    } catch (error) {
      if (error instanceof SourceFormatError) throw new RunError(`invalid_document: ${error.message}`);
      throw error;
    }
    counts.postings = postings.length;
    await progress();
    await applyPostings(db, source, postings, counts, progress, now);
    await db
      .update(jobSources)
      .set({ etag: fetched.etag, lastModified: fetched.lastModified })
      .where(eq(jobSources.id, source.id));
    await finish(db, run.id, claimToken, counts, null, now());
  } catch (error) {
    if (error instanceof ClaimLost) return;
    const message = error instanceof RunError ? error.message : `internal_error: ${messageOf(error)}`;
    await finish(db, run.id, claimToken, counts, message, now());
    if (!(error instanceof RunError)) throw error;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function noteFailure(counts: Counts, externalId: string, message: string): void {
  counts.failed++;
  if (counts.failures.length < MAX_FAILURES_LISTED)
    counts.failures.push({ external_id: externalId, message });
}

async function applyPostings(
  db: Database,
  source: JobSource,
  postings: ReturnType<typeof parsePostings>,
  counts: Counts,
  progress: () => Promise<void>,
  now: () => Date,
): Promise<void> {
  const orgId = source.organizationId;
  const existing = new Map(
    (
      await db
        .select({
          id: jobs.id,
          externalId: jobs.externalId,
          sourceHash: jobs.sourceHash,
          status: jobs.status,
          expiresAt: jobs.expiresAt,
        })
        .from(jobs)
        .where(and(eq(jobs.organizationId, orgId), eq(jobs.sourceId, source.id)))
    ).map((job) => [job.externalId!, job]),
  );
  const seen = new Set<string>();
  const settings = {
    kind: source.kind as JobSourceKind,
    url: source.url,
    companyName: source.companyName,
    category: source.category,
  };
  for (const posting of postings) {
    if (!posting.externalId) {
      noteFailure(counts, '', 'the posting has no id');
      continue;
    }
    if (seen.has(posting.externalId)) {
      noteFailure(
        counts,
        posting.externalId,
        'the id appears more than once in the document; the first was kept',
      );
      continue;
    }
    seen.add(posting.externalId);
    const mapped = mapPosting(posting, settings);
    if (!mapped.ok) {
      noteFailure(counts, posting.externalId, mapped.message);
      continue;
    }
    const job = existing.get(posting.externalId);
    try {
      if (!job) {
        await createJob(
          db,
          orgId,
          { ...mapped.job, status: source.statusForNewJobs as 'active', expires_at: null },
          now(),
          {
            source: { sourceId: source.id, externalId: posting.externalId, hash: mapped.hash },
          },
        );
        counts.created++;
      } else if (job.sourceHash === mapped.hash) {
        counts.unchanged++;
      } else {
        // A job this sync expired (its hash cleared) whose posting came back opens again.
        const reopen = job.sourceHash === null && effectiveStatus(job, now()) === 'expired';
        await updateJob(
          db,
          orgId,
          job.id,
          reopen
            ? { ...mapped.job, status: source.statusForNewJobs as 'active', expires_at: null }
            : mapped.job,
          now(),
          { sourceHash: mapped.hash },
        );
        counts.updated++;
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'validation_error') throw error;
      noteFailure(counts, posting.externalId, error.message);
    }
    await progress();
  }
  for (const [externalId, job] of existing) {
    if (seen.has(externalId) || job.sourceHash === null) continue;
    if (effectiveStatus(job, now()) === 'expired') continue;
    await updateJob(db, orgId, job.id, { status: 'expired' }, now(), { sourceHash: null });
    counts.expired++;
    await progress();
  }
}

async function saveProgress(db: Database, runId: string, claimToken: string, counts: Counts, now: Date) {
  const [row] = await db
    .update(jobSourceRuns)
    .set({ ...countColumns(counts), claimExpiresAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(jobSourceRuns.id, runId), eq(jobSourceRuns.claimToken, claimToken)))
    .returning({ id: jobSourceRuns.id });
  if (!row) throw new ClaimLost();
}

const countColumns = (counts: Counts) => ({
  postings: counts.postings,
  created: counts.created,
  updated: counts.updated,
  unchanged: counts.unchanged,
  expired: counts.expired,
  failed: counts.failed,
  failures: counts.failures,
  notModified: counts.notModified,
});

async function finish(
  db: Database,
  runId: string,
  claimToken: string,
  counts: Counts,
  error: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(jobSourceRuns)
    .set({ ...countColumns(counts), error, finishedAt: now, claimToken: null, claimExpiresAt: null })
    .where(and(eq(jobSourceRuns.id, runId), eq(jobSourceRuns.claimToken, claimToken)));
}

/** Claims the oldest open run nobody holds (never claimed, or its claim expired). */
export async function claimRun(
  db: Database,
  claimToken: string,
  now = new Date(),
): Promise<JobSourceRun | undefined> {
  const [row] = await db
    .update(jobSourceRuns)
    .set({ claimToken, claimExpiresAt: new Date(now.getTime() + CLAIM_MS) })
    .where(
      eq(
        jobSourceRuns.id,
        sql`(select id from ${jobSourceRuns} where finished_at is null
          and (claim_expires_at is null or claim_expires_at < ${now.toISOString()}::timestamptz)
          order by started_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}
