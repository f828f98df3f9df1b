import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { deleteOwned } from '@/lib/core/delete-owned';
import { AppError } from '@/lib/core/errors';
import { claimFreeSlug, slugify } from '@/lib/core/slug';
import { addDays } from '@/lib/core/time';
import { type Db, transaction } from '@/lib/core/transaction';
import { indexNowKey, notifyIndexNow } from '@/lib/indexnow';
import { boardUrlOf } from '@/lib/organizations';
import { emitEvent } from '@/lib/webhooks';
import { addJobCategories, jobCategoryIds, replaceJobCategories, resolveCategories } from './categories';
import { companyColumns } from './company';
import { prepareDescription } from './description';
import { assertLocation, pinColumns } from './location';
import { findJob, getJob } from './queries';
import {
  type CreateJobInput,
  type JobOut,
  type JobStatus,
  jobConsistencyIssues,
  type UpdateJobInput,
  type WorkplaceType,
} from './schemas';
import { type JobRow, jobPageUrl } from './serialize';
import { assertStatusMove, effectiveStatus, enterStatus } from './status';
import { workplaceColumns } from './workplace';

function assertConsistent(job: Parameters<typeof jobConsistencyIssues>[0]): void {
  const issues = jobConsistencyIssues(job);
  if (issues.length === 0) return;
  throw new AppError(
    'validation_error',
    issues[0]!.message,
    issues.map((issue) => ({
      location: 'body',
      field: issue.path,
      path: [issue.path],
      code: 'custom',
      message: issue.message,
    })),
  );
}

/** A slug from title and company, unique in the organization (`-2`, `-3`, ... on clashes). */
async function freeJobSlug(db: Db, orgId: number, title: string, company: string): Promise<string> {
  const base = slugify(`${title} ${company}`, 80) || 'job';
  return claimFreeSlug(db, `jobs:${orgId}`, base, () =>
    db
      .select({ slug: jobs.slug })
      .from(jobs)
      .where(
        and(eq(jobs.organizationId, orgId), or(eq(jobs.slug, base), sql`${jobs.slug} like ${`${base}-%`}`)),
      ),
  );
}

type JobColumns = Omit<
  typeof jobs.$inferInsert,
  'id' | 'organizationId' | 'slug' | 'createdAt' | 'updatedAt' | 'searchVector'
>;

/** The columns of the fields sent; `current` is the job's workplace type (none for a new job). */
export function fieldColumns(input: UpdateJobInput, current?: WorkplaceType): Partial<JobColumns> {
  const columns: Partial<JobColumns> = { ...workplaceColumns(input, current) };
  const map: [keyof UpdateJobInput, keyof JobColumns][] = [
    ['title', 'title'],
    ['company_name', 'companyName'],
    ['location', 'location'],
    ['location_id', 'locationId'],
    ['job_type', 'jobType'],
    ['salary_min', 'salaryMin'],
    ['salary_max', 'salaryMax'],
    ['salary_currency', 'salaryCurrency'],
    ['salary_period', 'salaryPeriod'],
    ['contact_email', 'contactEmail'],
    ['how_to_apply', 'howToApply'],
    ['how_to_apply_method', 'howToApplyMethod'],
    ['company_website', 'companyWebsite'],
    ['featured', 'featured'],
  ];
  for (const [field, column] of map) {
    if (input[field] !== undefined) (columns as Record<string, unknown>)[column] = input[field];
  }
  return columns;
}

/** A job posted by an employer member on the board, held back until its payment is confirmed. */
export interface BoardPoster {
  memberId?: string;
  awaitingPayment?: boolean;
}

/** POST /jobs. New jobs are active unless a status is sent. */
export async function createJob(
  db: Db,
  orgId: number,
  input: CreateJobInput,
  now = new Date(),
  poster: BoardPoster = {},
): Promise<JobOut> {
  const id = await transaction(db, async (tx) => {
    const location = await assertLocation(tx, orgId, input.location_id);
    const pin = await pinColumns(tx, location, input.location);
    const { mainId, ids } = await resolveCategories(tx, orgId, input);
    const lifecycle = poster.awaitingPayment
      ? { status: 'pending_payment' as const, publishedAt: null, expiresAt: null }
      : enterStatus(input.status ?? 'active', { publishedAt: null, expiresAt: null }, input, now);
    const company = await companyColumns(tx, orgId, input);
    // The schema asks for one of company_id and company_name, so a name comes out either way.
    const companyName = company.companyName!;
    const values = {
      ...fieldColumns(input),
      title: input.title,
      ...company,
      companyName,
      ...prepareDescription(input.description),
      ...pin,
    };
    // Another request may take the slug between our read and insert (a different base can end in
    // the same suffix): the insert then does nothing, and we pick again. No savepoint needed.
    for (let attempt = 0; ; attempt++) {
      const slug = await freeJobSlug(tx, orgId, input.title, companyName);
      const [job] = await tx
        .insert(jobs)
        .values({
          ...values,
          organizationId: orgId,
          slug,
          categoryId: mainId,
          memberId: poster.memberId ?? null,
          ...lifecycle,
        })
        .onConflictDoNothing({ target: [jobs.organizationId, jobs.slug] })
        .returning({ id: jobs.id });
      if (!job) {
        if (attempt >= 5) throw new Error(`No free slug for a job after ${attempt + 1} attempts.`);
        continue;
      }
      await addJobCategories(tx, orgId, job.id, ids);
      await bumpRevision(tx, orgId);
      await emitEvent(tx, orgId, 'job.created', () => getJob(tx, orgId, job.id));
      return job.id;
    }
  });
  const created = await getJob(db, orgId, id);
  if (created.url) await announce(db, orgId, created.slug);
  return created;
}

/** A job page that was or is live changed: search engines may recrawl it (IndexNow, when configured). */
export async function announce(db: Db, orgId: number, slug: string): Promise<void> {
  if (!indexNowKey()) return;
  const board = await boardUrlOf(db, orgId);
  notifyIndexNow(board, [jobPageUrl(board, slug)]);
}

/** PATCH /jobs/{id}: send only what changes; `status` follows allowedStatusMoves. */
export async function updateJob(
  db: Database,
  orgId: number,
  id: string,
  input: UpdateJobInput,
  now = new Date(),
): Promise<JobOut> {
  const wasOrIsLive = await transaction(db, async (tx) => {
    const job = await findJob(tx, orgId, id, true);
    const current = effectiveStatus(job, now);
    const target = input.status ?? current;
    assertStatusMove(current, target);
    return writeJobUpdate(tx, orgId, job, input, target, now);
  });
  const job = await getJob(db, orgId, id);
  if (wasOrIsLive) await announce(db, orgId, job.slug);
  return job;
}

/**
 * Writes an update of a job whose row the caller's transaction holds (`findJob(..., true)`): its
 * fields, its move to `target` (a status the caller allows), the revision and the events. Answers
 * whether the job was or is live, for `announce` after the commit.
 */
export async function writeJobUpdate(
  tx: Db,
  orgId: number,
  job: JobRow,
  input: UpdateJobInput,
  target: JobStatus,
  now: Date,
): Promise<boolean> {
  const id = job.id;
  const current = effectiveStatus(job, now);
  const lifecycle =
    target !== current
      ? enterStatus(target, job, input, now)
      : {
          status: job.status as JobStatus,
          publishedAt: input.published_at ?? job.publishedAt,
          expiresAt: input.expires_at !== undefined ? input.expires_at : job.expiresAt,
        };
  const columns = {
    ...fieldColumns(input, job.workplaceType as WorkplaceType),
    ...(await companyColumns(tx, orgId, input)),
    ...(input.description !== undefined ? prepareDescription(input.description) : {}),
  };
  assertConsistent({
    salary_min: columns.salaryMin !== undefined ? columns.salaryMin : job.salaryMin,
    salary_max: columns.salaryMax !== undefined ? columns.salaryMax : job.salaryMax,
    how_to_apply: columns.howToApply !== undefined ? columns.howToApply : job.howToApply,
    how_to_apply_method:
      columns.howToApplyMethod !== undefined ? columns.howToApplyMethod : job.howToApplyMethod,
    is_remote: input.is_remote,
    workplace_type: input.workplace_type,
  });
  const location = await assertLocation(tx, orgId, input.location_id);
  // The pin follows the location and its text; a job keeps its pin while neither changes.
  if (input.location_id !== undefined || (input.location !== undefined && job.locationId)) {
    const at =
      input.location_id !== undefined
        ? location
        : ((await assertLocation(tx, orgId, job.locationId)) ?? null);
    Object.assign(
      columns,
      await pinColumns(tx, at, input.location !== undefined ? input.location : job.location),
    );
  }

  let categoryId = job.categoryId;
  if (input.category !== undefined || input.category_id !== undefined || input.categories !== undefined) {
    const resolved = await resolveCategories(tx, orgId, input, {
      mainId: job.categoryId,
      ids: await jobCategoryIds(tx, id),
    });
    categoryId = resolved.mainId;
    await replaceJobCategories(tx, orgId, id, resolved.ids);
  }
  await tx
    .update(jobs)
    .set({ ...columns, ...lifecycle, categoryId, updatedAt: now })
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)));
  await bumpRevision(tx, orgId);
  const updated = () => getJob(tx, orgId, id);
  await emitEvent(tx, orgId, 'job.updated', updated);
  if (current === 'pending' && target === 'active') await emitEvent(tx, orgId, 'job.approved', updated);
  if (current !== 'expired' && target === 'expired') await emitEvent(tx, orgId, 'job.expired', updated);
  return current === 'active' || target === 'active';
}

/**
 * The provider confirmed the payment for a job posted on the board: it goes live for the plan's
 * duration (or to `pending` when the board approves paid jobs first). A job no longer waiting for
 * payment is left as it is, so a replayed confirmation changes nothing. Returns whether it moved.
 */
export async function settlePaidJob(
  db: Db,
  orgId: number,
  id: string,
  terms: { needsApproval: boolean; durationDays: number; featured: boolean },
  now = new Date(),
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const job = await findJob(tx, orgId, id, true);
    if (job.status !== 'pending_payment') return false;
    const expiresAt = addDays(now, terms.durationDays);
    await tx
      .update(jobs)
      .set(
        terms.needsApproval
          ? { status: 'pending', expiresAt, featured: terms.featured, updatedAt: now }
          : { status: 'active', publishedAt: now, expiresAt, featured: terms.featured, updatedAt: now },
      )
      .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)));
    await bumpRevision(tx, orgId);
    await emitEvent(tx, orgId, 'job.updated', () => getJob(tx, orgId, id));
    return true;
  });
}

/** DELETE /jobs/{id}: permanent; its applications go with it. */
export async function deleteJob(
  db: Database,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, jobs, 'Job', orgId, id, async (tx, deletedId) => {
    await bumpRevision(tx, orgId);
    await emitEvent(tx, orgId, 'job.deleted', () => ({ id: deletedId }));
  });
}
