import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { jobCategories, jobs } from '@/db/schema';
import { bumpRevision, type JobChange, organizationChanged, revisionBumpCte } from '@/lib/cache';
import type { CategoryRef } from '@/lib/categories/schemas';
import { deleteOwned } from '@/lib/core/delete-owned';
import { AppError } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { firstFreeSlug, lockSlugBase, slugify } from '@/lib/core/slug';
import { addDays } from '@/lib/core/time';
import { type Db, executeRows, transaction } from '@/lib/core/transaction';
import { indexNowKey, notifyIndexNow } from '@/lib/indexnow';
import { boardUrlOf } from '@/lib/organizations';
import { afterOutboxWrite, emitEvent, outboxCtes, type WebhookEventType } from '@/lib/webhooks';
import { categoryRefsOf, resolveCategories, sendsCategories } from './categories';
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
import { type JobRow, jobColumns, jobPageUrl, toJobOut } from './serialize';
import { assertStatusMove, effectiveStatus, enterStatus } from './status';
import { workplaceColumns } from './workplace';
import { type JobWriteContext, readJobWriteContext } from './write-context';

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
  for (const column of ['salaryMin', 'salaryMax'] as const) {
    const amount = columns[column];
    if (typeof amount === 'number') columns[column] = toCents(amount);
  }
  return columns;
}

/**
 * An amount as numeric(14,2) stores it (halves rounded up; amounts are never negative), so an
 * answer built from the written values says what the database holds. Rounded in decimal, as the
 * database does with the number's text: 1.005 is 1.01, where `Math.round(1.005 * 100)` gives 100.
 */
function toCents(amount: number): number {
  const [digits, exponent = '0'] = amount.toString().split('e');
  return Number(`${Math.round(Number(`${digits}e${Number(exponent) + 2}`))}e-2`);
}

/** Where an imported job comes from: its source, its id there, and a hash of what was imported. */
export interface SourceLink {
  sourceId: string;
  externalId: string;
  hash: string;
}

/**
 * Who or what posted a job: an employer member on the board (held back until its payment is
 * confirmed), or a job source's sync (lib/job-sources).
 */
export interface BoardPoster {
  memberId?: string;
  awaitingPayment?: boolean;
  source?: SourceLink;
}

/** Creates that lost their slug to a concurrent write try again, holding its lock, this often. */
const WRITE_ATTEMPTS = 5;

const UPDATE_EVENTS: WebhookEventType[] = ['job.updated', 'job.approved', 'job.expired'];

/** A slug base from title and company: `-2`, `-3`, ... are added on clashes. */
const slugBaseOf = (title: string, company: string) => slugify(`${title} ${company}`, 80) || 'job';

/**
 * POST /jobs. New jobs are active unless a status is sent. Two statements: one reads what the write
 * needs (readJobWriteContext), one writes the job, its categories, the revision bump and the outbox
 * (writeJob). A category named for the first time, a location, or a company given by id (its name
 * makes the slug) add their own reads. A create that lost its slug to another write meanwhile tries
 * again holding the slug's lock, as every create did before, so a burst of one title cannot fail.
 */
export async function createJob(
  db: Db,
  orgId: number,
  input: CreateJobInput,
  now = new Date(),
  poster: BoardPoster = {},
): Promise<JobOut> {
  const location = await assertLocation(db, orgId, input.location_id);
  const pin = await pinColumns(db, location, input.location);
  const lifecycle = poster.awaitingPayment
    ? { status: 'pending_payment' as const, publishedAt: null, expiresAt: null }
    : enterStatus(input.status ?? 'active', { publishedAt: null, expiresAt: null }, input, now);
  const knownBase = input.company_id ? undefined : slugBaseOf(input.title, input.company_name!);

  const attempt = async (db: Db): Promise<JobOut | undefined> => {
    let context = await readJobWriteContext(db, orgId, {
      categoryRefs: categoryRefsOf(input),
      companyId: input.company_id,
      companyName: input.company_name,
      slugBase: knownBase,
      eventTypes: ['job.created'],
    });
    const { company, ...companyFields } = companyColumns(input, context.company);
    // The schema asks for one of company_id and company_name, so a name comes out either way.
    const companyName = companyFields.companyName!;
    const base = slugBaseOf(input.title, companyName);
    if (base !== knownBase) context = { ...context, takenSlugs: await takenSlugs(db, orgId, base) };
    const { mainId, categories } = await resolveCategories(db, orgId, input, context.categories);
    const row = jobRow({
      ...fieldColumns(input),
      title: input.title,
      ...companyFields,
      companyName,
      ...prepareDescription(input.description),
      ...pin,
      ...lifecycle,
      id: newId(),
      organizationId: orgId,
      slug: firstFreeSlug(base, context.takenSlugs),
      categoryId: mainId,
      memberId: poster.memberId ?? null,
      sourceId: poster.source?.sourceId ?? null,
      externalId: poster.source?.externalId ?? null,
      sourceHash: poster.source?.hash ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const created = toJobOut({ job: row, categories, company: company ?? null }, context.boardUrl, now);
    // Inserts nothing when another write took the slug since the read.
    const insert = db
      .insert(jobs)
      .values(row)
      .onConflictDoNothing({ target: [jobs.organizationId, jobs.slug] })
      .returning({ id: jobs.id });
    const written = await writeJob(db, orgId, context, {
      write: insert.getSQL(),
      change: { jobId: row.id, before: null, created: true, recategorized: false },
      categories: fileCategories(orgId, row.id, categories, false),
      events: [{ type: 'job.created', data: created }],
    });
    if (!written) return undefined;
    if (created.url) announceAt(context.boardUrl, created.slug);
    return created;
  };

  const created = await attempt(db);
  if (created) return created;
  const lockKey = `jobs:${orgId}\n${input.title}\n${input.company_id ?? input.company_name}`;
  for (let tries = 1; tries <= WRITE_ATTEMPTS; tries++) {
    const locked = await transaction(db, async (tx) => {
      await lockSlugBase(tx, lockKey);
      return attempt(tx);
    });
    if (locked) return locked;
  }
  throw new Error(`No free slug for a job after ${WRITE_ATTEMPTS + 1} attempts.`);
}

async function takenSlugs(db: Db, orgId: number, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: jobs.slug })
    .from(jobs)
    .where(
      and(eq(jobs.organizationId, orgId), sql`(${jobs.slug} = ${base} or ${jobs.slug} like ${`${base}-%`})`),
    );
  return rows.map((row) => row.slug);
}

/** Every column of a job row: the values written, the schema's own defaults for the rest. */
function jobRow(values: Partial<JobRow>): JobRow {
  return Object.fromEntries(
    Object.entries(jobColumns).map(([key, column]) => {
      const value = (values as Record<string, unknown>)[key];
      const fallback = ['boolean', 'string', 'number'].includes(typeof column.default)
        ? column.default
        : null;
      return [key, value !== undefined ? value : fallback];
    }),
  ) as JobRow;
}

/**
 * The job's categories as CTEs of its write, in filing order: a new job's inserted, an updated
 * job's made exactly these (others removed, positions set).
 */
function fileCategories(orgId: number, jobId: string, categories: CategoryRef[], replace: boolean): SQL[] {
  const ids = categories.length
    ? sql`array[${sql.join(
        categories.map((category) => sql`${category.id}`),
        sql`, `,
      )}]::uuid[]`
    : sql`'{}'::uuid[]`;
  const filed = sql`filed as (insert into ${jobCategories} (job_id, category_id, organization_id, position)
    select w.id, c.id, ${orgId}::int, c.n - 1 from written w, unnest(${ids}) with ordinality as c(id, n)
    ${replace ? sql`on conflict (job_id, category_id) do update set position = excluded.position` : sql``})`;
  if (!replace) return [filed];
  return [
    sql`unfiled as (delete from ${jobCategories} where job_id = ${jobId}::uuid and category_id <> all(${ids})
      and exists (select 1 from written))`,
    filed,
  ];
}

/**
 * The job's row as the write's statement found it (its snapshot precedes its own changes), for the
 * revision log: every column a list filter can read, so not the description (the search vector
 * holds its words).
 */
const rowBefore = (id: string) =>
  sql`(select to_jsonb(j) - 'description' - 'description_html' from ${jobs} j where j.id = ${id}::uuid)`;

/**
 * One statement for a job write: `write` (an insert or update returning the job's id, or nothing when
 * it lost a race) as the CTE `written`, then, only if it wrote, the categories, the revision bump and
 * the outbox's events. One statement is one transaction, so the outbox holds an event exactly when
 * its change was committed. Answers whether it wrote.
 */
async function writeJob(
  db: Db,
  orgId: number,
  context: JobWriteContext,
  parts: {
    write: SQL;
    change: JobChange;
    categories: SQL[];
    events: { type: WebhookEventType; data: JobOut }[];
  },
): Promise<boolean> {
  const outbox = outboxCtes(orgId, parts.events, context.subscribers, 'written');
  const ctes = [
    sql`written as (${parts.write})`,
    ...parts.categories,
    revisionBumpCte(orgId, 'written', parts.change),
    ...outbox,
  ];
  const [result] = await executeRows<{ written: number }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select count(*)::int as written from written`,
  );
  if (!result?.written) return false;
  await organizationChanged(db, orgId);
  if (outbox.length) afterOutboxWrite(db);
  return true;
}

/** A job page that was or is live changed: search engines may recrawl it (IndexNow, when configured). */
export async function announce(db: Db, orgId: number, slug: string): Promise<void> {
  if (!indexNowKey()) return;
  announceAt(await boardUrlOf(db, orgId), slug);
}

function announceAt(boardUrl: string, slug: string): void {
  if (indexNowKey()) notifyIndexNow(boardUrl, [jobPageUrl(boardUrl, slug)]);
}

/**
 * PATCH /jobs/{id}: send only what changes; `status` follows allowedStatusMoves. Two statements, as
 * createJob: the write goes through only onto the row version read (its `xmin`), so the status move
 * checked is the one made. An update that lost that race to another write of the job is made again
 * holding the job's row. A job source's sync passes the hash of what it imported (null: it expired
 * the job because the posting left the source).
 */
export interface UpdateJobOptions {
  /** The hash of the job source's posting, written with the update; null clears it. */
  sourceHash?: string | null;
  /**
   * The statuses the job may be in when written, else a 409 `conflict`: a move chosen from what a
   * page showed (Approve on a pending job) is not made on a job changed since (expired meanwhile).
   */
  from?: readonly JobStatus[];
}

export async function updateJob(
  db: Database,
  orgId: number,
  id: string,
  input: UpdateJobInput,
  now = new Date(),
  { sourceHash, from }: UpdateJobOptions = {},
): Promise<JobOut> {
  const extra = sourceHash !== undefined ? { sourceHash } : {};
  const update = async (db: Db, held: boolean) => {
    if (held) await findJob(db, orgId, id, true);
    const context = await readJobWriteContext(db, orgId, { jobId: id, ...updateQuestions(input) });
    const current = effectiveStatus(context.job!, now);
    if (from && !from.includes(current))
      throw new AppError(
        'conflict',
        `The job is ${current.replace('_', ' ')} now: it changed after the page was shown.`,
      );
    const target = input.status ?? current;
    assertStatusMove(current, target);
    return writeUpdate(db, orgId, context, input, target, now, !held, extra);
  };
  const result = (await update(db, false)) ?? (await transaction(db, (tx) => update(tx, true)));
  if (result!.wasOrIsLive) announceAt(result!.boardUrl, result!.job.slug);
  return result!.job;
}

const updateQuestions = (input: UpdateJobInput) => ({
  categoryRefs: categoryRefsOf(input),
  companyId: input.company_id,
  companyName: input.company_name,
  eventTypes: UPDATE_EVENTS,
});

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
  const context = await readJobWriteContext(tx, orgId, { jobId: job.id, ...updateQuestions(input) });
  const result = await writeUpdate(tx, orgId, context, input, target, now, false);
  return result!.wasOrIsLive;
}

/**
 * The update itself, from what readJobWriteContext read; with `checkVersion`, only onto the row
 * version read (else undefined: read again).
 */
async function writeUpdate(
  db: Db,
  orgId: number,
  context: JobWriteContext,
  input: UpdateJobInput,
  target: JobStatus,
  now: Date,
  checkVersion: boolean,
  extra: Partial<JobColumns> = {},
): Promise<{ job: JobOut; boardUrl: string; wasOrIsLive: boolean } | undefined> {
  const { version, categories: filed, company: linked, ...job } = context.job!;
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
  const { company, ...companyFields } = companyColumns(input, context.company);
  const columns = {
    ...fieldColumns(input, job.workplaceType as WorkplaceType),
    ...companyFields,
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
  const location = await assertLocation(db, orgId, input.location_id);
  // The pin follows the location and its text; a job keeps its pin while neither changes.
  if (input.location_id !== undefined || (input.location !== undefined && job.locationId)) {
    const at =
      input.location_id !== undefined
        ? location
        : ((await assertLocation(db, orgId, job.locationId)) ?? null);
    Object.assign(
      columns,
      await pinColumns(db, at, input.location !== undefined ? input.location : job.location),
    );
  }
  const sent = sendsCategories(input);
  const { mainId, categories } = sent
    ? await resolveCategories(db, orgId, input, context.categories, {
        mainId: job.categoryId,
        categories: filed,
      })
    : { mainId: job.categoryId, categories: filed };
  const changes = { ...columns, ...extra, ...lifecycle, categoryId: mainId, updatedAt: now };
  const row = jobRow({ ...job, ...changes });
  const updated = toJobOut(
    { job: row, categories, company: company !== undefined ? company : linked },
    context.boardUrl,
    now,
  );
  const events: { type: WebhookEventType; data: JobOut }[] = [{ type: 'job.updated', data: updated }];
  if (current === 'pending' && target === 'active') events.push({ type: 'job.approved', data: updated });
  if (current !== 'expired' && target === 'expired') events.push({ type: 'job.expired', data: updated });
  const update = db
    .update(jobs)
    .set(changes)
    .where(
      and(
        eq(jobs.organizationId, orgId),
        eq(jobs.id, id),
        checkVersion ? sql`${jobs}.xmin = ${version}::xid` : undefined,
      ),
    )
    .returning({ id: jobs.id });
  const written = await writeJob(db, orgId, context, {
    write: update.getSQL(),
    change: { jobId: id, before: rowBefore(id), created: false, recategorized: sent },
    categories: sent ? fileCategories(orgId, id, categories, true) : [],
    events,
  });
  if (!written) return undefined;
  return {
    job: updated,
    boardUrl: context.boardUrl,
    wasOrIsLive: current === 'active' || target === 'active',
  };
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
