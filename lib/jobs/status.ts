import { sql } from 'drizzle-orm';
import { type Job, jobs } from '@/db/schema';
import { addDays } from '@/lib/core/time';
import { invalid } from '@/lib/core/validation';
import { DEFAULT_JOB_LIFETIME_DAYS, type JobStatus } from './schemas';

// The one statement of what "live" means, in SQL and in TS, and of how a job's status moves. It
// imports nothing of the jobs services, so geo (which those import) can read it without a cycle.

/** Live: active and not past its expiry. Public listings and salary statistics count only these. */
export const liveJobCondition = sql`(${jobs.status} = 'active' and (${jobs.expiresAt} is null or ${jobs.expiresAt} > now()))`;

/** `liveJobCondition` for one job in memory. */
export function isLive(job: Pick<Job, 'status' | 'expiresAt'>, now = new Date()): boolean {
  return job.status === 'active' && (!job.expiresAt || job.expiresAt > now);
}

/** An active job that is not live (its expiry has passed) reads as expired everywhere. */
export function effectiveStatus(job: Pick<Job, 'status' | 'expiresAt'>, now = new Date()): JobStatus {
  if (job.status === 'active' && !isLive(job, now)) return 'expired';
  return job.status as JobStatus;
}

/** `effectiveStatus` in SQL, for the `status` filter. */
export const effectiveStatusSql = sql`(case when ${jobs.status} = 'active' and ${jobs.expiresAt} <= now() then 'expired' else ${jobs.status} end)`;

/** Which status moves PATCH accepts. Setting the current status again is a no-op. */
export const allowedStatusMoves: Record<JobStatus, JobStatus[]> = {
  draft: ['pending', 'active', 'expired'],
  pending: ['active', 'draft', 'expired'],
  active: ['expired'],
  expired: ['active'],
  pending_payment: ['active', 'pending', 'draft', 'expired'],
};

/** 400 on `status` unless `current` may become `target`. */
export function assertStatusMove(current: JobStatus, target: JobStatus): void {
  if (target === current || allowedStatusMoves[current].includes(target)) return;
  const allowed = allowedStatusMoves[current];
  throw invalid(
    'status',
    `A ${current} job cannot become ${target}; from ${current} it can become ${allowed.join(' or ')}.`,
  );
}

interface Lifecycle {
  status: JobStatus;
  publishedAt: Date | null;
  expiresAt: Date | null;
}

/** Stamps publication and expiry for a job entering `status`. */
export function enterStatus(
  status: JobStatus,
  current: { publishedAt: Date | null; expiresAt: Date | null },
  requested: { published_at?: Date; expires_at?: Date | null },
  now: Date,
): Lifecycle {
  if (status === 'active') {
    const publishedAt = requested.published_at ?? current.publishedAt ?? now;
    const stillOpen = current.expiresAt === null ? current.publishedAt !== null : current.expiresAt > now;
    const expiresAt =
      requested.expires_at !== undefined
        ? requested.expires_at
        : stillOpen
          ? current.expiresAt
          : addDays(now, DEFAULT_JOB_LIFETIME_DAYS);
    return { status, publishedAt, expiresAt };
  }
  if (status === 'expired') {
    const expiresAt =
      requested.expires_at ?? (current.expiresAt && current.expiresAt <= now ? current.expiresAt : now);
    return { status, publishedAt: requested.published_at ?? current.publishedAt ?? now, expiresAt };
  }
  return {
    status,
    publishedAt: requested.published_at ?? current.publishedAt,
    expiresAt: requested.expires_at !== undefined ? requested.expires_at : current.expiresAt,
  };
}
