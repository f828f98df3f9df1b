// Reviewing applicants in the dashboard: the pipeline of a job, one applicant with their other
// applications, the team's notes and rating. None of it is in the API's Application.
import { and, asc, count, desc, eq, gte, ilike, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Application, applicationNotes, applications, jobs, users } from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { type PageRequest, pageOffset, paginationMeta } from '@/lib/core/pagination';
import { containsPattern } from '@/lib/core/sql-like';
import { type Db, queryAll } from '@/lib/core/transaction';
import type { ApplicationStatus } from './schemas';
import { toApplicationOut } from './service';

/** How many applicants the pipeline shows per job; the API lists the rest. */
export const PIPELINE_LIMIT = 500;

export interface PipelineCard {
  id: string;
  name: string;
  email: string;
  status: ApplicationStatus;
  createdAt: Date;
  rating: number | null;
  hasResume: boolean;
  notes: number;
}

/** What a PipelineCard reads of an application: its own columns, the résumé's presence, the notes' count. */
const cardColumns = {
  id: applications.id,
  name: applications.name,
  email: applications.email,
  status: applications.status,
  createdAt: applications.createdAt,
  rating: applications.rating,
  hasResume: sql<boolean>`(${applications.resumeKey} is not null or ${applications.resumeUrl} is not null)`,
  notes: sql<number>`(select count(*)::int from ${applicationNotes} where ${applicationNotes.applicationId} = ${applications.id})`,
};

/** A job's applicants for its pipeline, newest first. */
export async function applicantsOfJob(db: Db, orgId: number, jobId: string): Promise<PipelineCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(applications)
    .where(and(eq(applications.organizationId, orgId), eq(applications.jobId, jobId)))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(PIPELINE_LIMIT);
  return rows.map((row) => ({ ...row, status: row.status as ApplicationStatus, notes: Number(row.notes) }));
}

/** An application in the board's inbox: a pipeline card and the job it is for. */
export interface InboxCard extends PipelineCard {
  job: { id: string; title: string };
}

/** What the inbox and its export narrow to: one status, a part of the name or email. */
export interface InboxFilters {
  status?: ApplicationStatus;
  search?: string;
}

function inboxWhere(orgId: number, filters: InboxFilters) {
  const search = filters.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  return and(
    eq(applications.organizationId, orgId),
    filters.status ? eq(applications.status, filters.status) : undefined,
    pattern ? or(ilike(applications.name, pattern), ilike(applications.email, pattern)) : undefined,
  );
}

/**
 * Every job's applications, newest first, one page at a time: of one status, and whose name or
 * email holds `search`, when asked. Where the team starts its day, before opening a job's pipeline.
 */
export async function applicationInbox(
  db: Db,
  orgId: number,
  query: PageRequest & InboxFilters,
): Promise<{ cards: InboxCard[]; pagination: ReturnType<typeof paginationMeta> }> {
  const where = inboxWhere(orgId, query);
  const { limit, offset } = pageOffset(query);
  const [rows, [total]] = await queryAll(db, [
    db
      .select({ ...cardColumns, job: { id: jobs.id, title: jobs.title } })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(applications).where(where),
  ] as const);
  return {
    cards: rows.map((row) => ({ ...row, status: row.status as ApplicationStatus, notes: Number(row.notes) })),
    pagination: paginationMeta(query, total!.value),
  };
}

/** One applicant as the dashboard shows them: the API's fields, the job, the rating and the résumé's kind. */
export async function getApplicant(db: Db, orgId: number, id: string) {
  const [row] = await db
    .select({ application: applications, jobTitle: jobs.title })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.organizationId, orgId), eq(applications.id, id)))
    .limit(1);
  if (!row) throw notFound('Application');
  const { application } = row;
  return {
    ...toApplicationOut(application),
    jobTitle: row.jobTitle,
    rating: application.rating,
    memberId: application.memberId,
    /** An uploaded file (read through its signed link), else the address the applicant gave, else none. */
    resume: application.resumeKey
      ? {
          kind: 'upload' as const,
          filename: application.resumeFilename ?? 'resume',
          isPdf: application.resumeKey.toLowerCase().endsWith('.pdf'),
        }
      : application.resumeUrl
        ? { kind: 'link' as const, url: application.resumeUrl }
        : null,
  };
}

export type Applicant = Awaited<ReturnType<typeof getApplicant>>;

/** The same person's applications to the board's other jobs: by address, or by their member account. */
export async function otherApplicationsOf(
  db: Db,
  orgId: number,
  applicant: { id: string; email: string; memberId: string | null; job_id: string },
) {
  const samePerson = or(
    sql`lower(${applications.email}) = lower(${applicant.email})`,
    applicant.memberId ? eq(applications.memberId, applicant.memberId) : undefined,
  );
  return db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      jobId: jobs.id,
      jobTitle: jobs.title,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(
      and(
        eq(applications.organizationId, orgId),
        ne(applications.id, applicant.id),
        ne(applications.jobId, applicant.job_id),
        samePerson,
      ),
    )
    .orderBy(desc(applications.createdAt))
    .limit(50);
}

async function assertApplication(db: Db, orgId: number, id: string): Promise<void> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.organizationId, orgId), eq(applications.id, id)))
    .limit(1);
  if (!row) throw notFound('Application');
}

export interface NoteOut {
  id: string;
  body: string;
  createdAt: Date;
  authorId: string | null;
  /** The author's name, else address; null once they are gone. */
  author: string | null;
}

/** An application's notes, oldest first, as a conversation reads. */
export async function listNotes(db: Db, orgId: number, applicationId: string): Promise<NoteOut[]> {
  return db
    .select({
      id: applicationNotes.id,
      body: applicationNotes.body,
      createdAt: applicationNotes.createdAt,
      authorId: applicationNotes.authorId,
      author: sql<string | null>`coalesce(${users.name}, ${users.email})`,
    })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(and(eq(applicationNotes.organizationId, orgId), eq(applicationNotes.applicationId, applicationId)))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
}

export async function addNote(
  db: Database,
  orgId: number,
  applicationId: string,
  authorId: string,
  body: string,
): Promise<string> {
  await assertApplication(db, orgId, applicationId);
  const [note] = await db
    .insert(applicationNotes)
    .values({ organizationId: orgId, applicationId, authorId, body })
    .returning({ id: applicationNotes.id });
  return note!.id;
}

/** Deletes a note its author wrote; someone else's is refused, a missing one is a 404. */
export async function deleteNote(db: Database, orgId: number, noteId: string, userId: string): Promise<void> {
  const [deleted] = await db
    .delete(applicationNotes)
    .where(
      and(
        eq(applicationNotes.organizationId, orgId),
        eq(applicationNotes.id, noteId),
        isNotNull(applicationNotes.authorId),
        eq(applicationNotes.authorId, userId),
      ),
    )
    .returning({ id: applicationNotes.id });
  if (deleted) return;
  const [other] = await db
    .select({ id: applicationNotes.id })
    .from(applicationNotes)
    .where(and(eq(applicationNotes.organizationId, orgId), eq(applicationNotes.id, noteId)))
    .limit(1);
  if (other) throw new AppError('forbidden', 'Only its author can delete a note.');
  throw notFound('Note');
}

/** Sets the team's rating (1–5), or clears it with null. */
export async function setRating(
  db: Database,
  orgId: number,
  id: string,
  rating: number | null,
): Promise<void> {
  const [updated] = await db
    .update(applications)
    // A dashboard-only field: the API's updated_at stays the application's own.
    .set({ rating, updatedAt: sql`${applications.updatedAt}` })
    .where(and(eq(applications.organizationId, orgId), eq(applications.id, id)))
    .returning({ id: applications.id });
  if (!updated) throw notFound('Application');
}

/** How many applicants a job has, in all and by status. */
/** How many applications received since `since` nobody has moved on from pending yet. */
export async function countNewApplications(db: Db, orgId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(applications)
    .where(
      and(
        eq(applications.organizationId, orgId),
        gte(applications.createdAt, since),
        eq(applications.status, 'pending'),
      ),
    );
  return row?.value ?? 0;
}

export async function applicationCounts(db: Db, orgId: number, jobId: string) {
  const rows = await db
    .select({ status: applications.status, count: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.organizationId, orgId), eq(applications.jobId, jobId)))
    .groupBy(applications.status);
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)])) as Partial<
    Record<ApplicationStatus, number>
  >;
  return { total: rows.reduce((sum, row) => sum + Number(row.count), 0), byStatus };
}

/**
 * The inbox's applications (its filters, every page) oldest first, a page at a time, each with its
 * job's title and the team's rating: the dashboard's CSV export.
 */
export async function* applicationPages(
  db: Db,
  orgId: number,
  filters: InboxFilters,
  pageSize = 1_000,
): AsyncGenerator<{ application: Application; jobTitle: string }[]> {
  // Keyed on the last row's stored (created_at, id): PostgreSQL's microseconds are past what a Date holds.
  let afterId: string | undefined;
  for (;;) {
    const rows = await db
      .select({ application: applications, jobTitle: jobs.title })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(
        and(
          inboxWhere(orgId, filters),
          afterId
            ? sql`(${applications.createdAt}, ${applications.id}) > (select last.created_at, last.id from applications last where last.id = ${afterId})`
            : undefined,
        ),
      )
      .orderBy(applications.createdAt, applications.id)
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    afterId = rows.at(-1)!.application.id;
  }
}
