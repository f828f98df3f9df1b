import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Application, applications, jobs } from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { pageOffset } from '@/lib/core/pagination';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { emitEvent } from '@/lib/webhooks';
import { resumeLink } from './resume';
import type {
  ApplicationOut,
  ApplicationStatus,
  CreateApplicationInput,
  ListApplicationsQuery,
} from './schemas';
import { queueStatusMail } from './status-mail';

/**
 * The hiring pipeline: forward along pending → reviewed → shortlisted → hired (steps may be
 * skipped), rejected from any open stage; hired and rejected are final.
 */
export const allowedApplicationMoves: Record<ApplicationStatus, ApplicationStatus[]> = {
  pending: ['reviewed', 'shortlisted', 'hired', 'rejected'],
  reviewed: ['shortlisted', 'hired', 'rejected'],
  shortlisted: ['hired', 'rejected'],
  hired: [],
  rejected: [],
};

export function toApplicationOut(row: Application): ApplicationOut {
  return {
    id: row.id,
    job_id: row.jobId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    cover_letter: row.coverLetter,
    resume_url: row.resumeKey ? resumeLink(row.id) : row.resumeUrl,
    answers: row.answers,
    status: row.status as ApplicationStatus,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A resume already written to private storage under `key` for the application `id`. */
export interface StoredResume {
  applicationId: string;
  key: string;
  filename: string;
}

export async function createApplication(
  db: Database,
  orgId: number,
  jobId: string,
  input: CreateApplicationInput,
  { resume, memberId = null }: { resume?: StoredResume; memberId?: string | null } = {},
): Promise<ApplicationOut> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, jobId)))
    .limit(1);
  if (!job) throw notFound('Job');
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        id: resume?.applicationId ?? newId(),
        organizationId: orgId,
        jobId,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        coverLetter: input.cover_letter ?? null,
        resumeUrl: input.resume_url ?? null,
        resumeKey: resume?.key ?? null,
        resumeFilename: resume?.filename ?? null,
        answers: input.answers ?? null,
        status: input.status ?? 'pending',
        source: input.source ?? 'api',
        memberId,
      })
      .returning();
    const application = toApplicationOut(row!);
    await emitEvent(tx, orgId, 'application.created', () => application);
    return application;
  });
}

export async function listApplications(
  db: Database,
  orgId: number,
  query: ListApplicationsQuery,
): Promise<{ applications: ApplicationOut[]; total: number }> {
  const where = and(
    eq(applications.organizationId, orgId),
    query.job_id ? eq(applications.jobId, query.job_id) : undefined,
    query.status ? eq(applications.status, query.status) : undefined,
  );
  const { limit, offset } = pageOffset(query);
  const [rows, [count]] = await queryAll(db, [
    db
      .select()
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(applications).where(where),
  ]);
  return { applications: rows.map(toApplicationOut), total: Number(count?.total ?? 0) };
}

export async function getApplication(db: Database, orgId: number, id: string): Promise<ApplicationOut> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.organizationId, orgId), eq(applications.id, id)))
    .limit(1);
  if (!row) throw notFound('Application');
  return toApplicationOut(row);
}

/** Why `current` cannot move to `status`, or null when it may (allowedApplicationMoves). */
export function refusedMove(current: ApplicationStatus, status: ApplicationStatus): string | null {
  if (current === status || allowedApplicationMoves[current].includes(status)) return null;
  const allowed = allowedApplicationMoves[current];
  return allowed.length
    ? `An application that is ${current} can move to ${allowed.join(', ')}, not ${status}.`
    : `An application that is ${current} is final and cannot move to ${status}.`;
}

/**
 * Moves a locked row to `status` (already checked), with its webhook and, when the organization
 * switched that status's template on, the applicant's mail: the one place a status changes.
 */
async function moveLocked(tx: Db, orgId: number, row: Application, status: ApplicationStatus) {
  const [updated] = await tx
    .update(applications)
    .set({ status, updatedAt: new Date() })
    .where(eq(applications.id, row.id))
    .returning();
  const application = toApplicationOut(updated!);
  await emitEvent(tx, orgId, 'application.updated', () => application);
  await queueStatusMail(tx, orgId, updated!);
  return application;
}

/**
 * The API's PATCH and the dashboard's move: the same rule, webhook and mail (status-mail.ts), so
 * an ATS moving applicants through the API tells them exactly as the owner configured.
 */
export async function updateApplicationStatus(
  db: Database,
  orgId: number,
  id: string,
  status: ApplicationStatus,
): Promise<ApplicationOut> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.organizationId, orgId), eq(applications.id, id)))
      .for('update')
      .limit(1);
    if (!row) throw notFound('Application');
    const current = row.status as ApplicationStatus;
    if (current === status) return toApplicationOut(row);
    const refusal = refusedMove(current, status);
    if (refusal) {
      throw new AppError('validation_error', refusal, [
        { location: 'body', field: 'status', path: ['status'], code: 'invalid_value', message: refusal },
      ]);
    }
    return moveLocked(tx, orgId, row, status);
  });
}

export interface BulkMoveResult {
  moved: { id: string; name: string }[];
  /** Left where they were, each with the reason; ids not found (another organization's) are left out. */
  refused: { id: string; name: string; reason: string }[];
}

/**
 * Moves several applications to `status` in one transaction: each is checked on its own, those
 * that may move do (each with its webhook and mail), the others are reported by name.
 */
export async function moveApplications(
  db: Database,
  orgId: number,
  ids: readonly string[],
  status: ApplicationStatus,
): Promise<BulkMoveResult> {
  if (ids.length === 0) return { moved: [], refused: [] };
  return transaction(db, async (tx) => {
    const rows = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.organizationId, orgId), inArray(applications.id, [...ids])))
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .for('update');
    const result: BulkMoveResult = { moved: [], refused: [] };
    for (const row of rows) {
      const current = row.status as ApplicationStatus;
      const reason = current === status ? `${row.name} is already ${status}.` : refusedMove(current, status);
      if (reason) result.refused.push({ id: row.id, name: row.name, reason });
      else {
        await moveLocked(tx, orgId, row, status);
        result.moved.push({ id: row.id, name: row.name });
      }
    }
    return result;
  });
}

/**
 * What one person applied for on the board, newest first: by email, so applications sent before
 * they had an account are theirs too once they sign in with that address.
 */
/** A member's applications on the board, newest first. */
export async function applicationsOfMember(db: Database, orgId: number, memberId: string, limit = 50) {
  return db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      jobTitle: jobs.title,
      jobSlug: jobs.slug,
      companyName: jobs.companyName,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.organizationId, orgId), eq(applications.memberId, memberId)))
    .orderBy(desc(applications.createdAt))
    .limit(limit);
}

/**
 * Claims for a member the applications made with their address before they had an account. Call
 * only once the address is proven (a sign-in by emailed code or link).
 */
export async function linkApplicationsByEmail(
  db: Db,
  orgId: number,
  member: { id: string; email: string },
): Promise<number> {
  const linked = await db
    .update(applications)
    .set({ memberId: member.id })
    .where(
      and(
        eq(applications.organizationId, orgId),
        isNull(applications.memberId),
        sql`lower(${applications.email}) = lower(${member.email})`,
      ),
    )
    .returning({ id: applications.id });
  return linked.length;
}
