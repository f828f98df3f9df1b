import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Company, companies, jobs } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError, notFound } from '@/lib/core/errors';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { claimFreeSlug, slugify } from '@/lib/core/slug';
import { containsPattern, escapeLike } from '@/lib/core/sql-like';
import { type Db, transaction } from '@/lib/core/transaction';
import { liveJobCondition } from '@/lib/jobs';
import type { CompanyOut, CompanyRef, CreateCompanyInput, UpdateCompanyInput } from './schemas';

interface JobCounts {
  total: number;
  live: number;
}

/** The company's page on the board whose `board_url` is `boardUrl`. */
export function companyPageUrl(boardUrl: string, slug: string): string {
  return `${boardUrl}/companies/${encodeURIComponent(slug)}`;
}

export function toCompanyRef(row: Company): CompanyRef {
  return { id: row.id, name: row.name, slug: row.slug, logo_url: row.logoUrl, website: row.website };
}

export function toCompanyOut(row: Company, counts: JobCounts, boardUrl: string): CompanyOut {
  return {
    ...toCompanyRef(row),
    url: companyPageUrl(boardUrl, row.slug),
    description: row.description,
    job_count: counts.total,
    live_job_count: counts.live,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Linked and live job counts of these companies, in one grouped read. */
async function jobCounts(db: Db, orgId: number, ids: string[]): Promise<Map<string, JobCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      companyId: jobs.companyId,
      total: count(),
      live: sql<number>`count(*) filter (where ${liveJobCondition})`.mapWith(Number),
    })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), inArray(jobs.companyId, ids)))
    .groupBy(jobs.companyId);
  return new Map(rows.map((row) => [row.companyId!, { total: row.total, live: row.live }]));
}

async function withCounts(db: Db, orgId: number, rows: Company[], boardUrl: string): Promise<CompanyOut[]> {
  const counts = await jobCounts(
    db,
    orgId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCompanyOut(row, counts.get(row.id) ?? { total: 0, live: 0 }, boardUrl));
}

/** GET /companies: by name, `search` matching part of it. */
export async function listCompanies(
  db: Db,
  orgId: number,
  boardUrl: string,
  query: PageRequest & { search?: string },
): Promise<{ companies: CompanyOut[]; total: number }> {
  const where = and(
    eq(companies.organizationId, orgId),
    query.search ? sql`${companies.name} ilike ${containsPattern(query.search)}` : undefined,
  );
  const { limit, offset } = pageOffset(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(sql`lower(${companies.name})`))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { companies: await withCounts(db, orgId, rows, boardUrl), total: total?.total ?? 0 };
}

export async function findCompany(db: Db, orgId: number, id: string): Promise<Company> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.organizationId, orgId), eq(companies.id, id)))
    .limit(1);
  if (!row) throw notFound('Company');
  return row;
}

export async function getCompany(db: Db, orgId: number, id: string, boardUrl: string): Promise<CompanyOut> {
  const [company] = await withCounts(db, orgId, [await findCompany(db, orgId, id)], boardUrl);
  return company!;
}

/** A company by its page slug, or undefined: the board's company pages read it. */
export async function getCompanyBySlug(db: Db, orgId: number, slug: string): Promise<Company | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.organizationId, orgId), eq(companies.slug, slug)))
    .limit(1);
  return row;
}

/** Names of the board's companies, for a job form's suggestions: the first `limit` by name. */
export async function companyNames(db: Db, orgId: number, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.organizationId, orgId))
    .orderBy(asc(sql`lower(${companies.name})`))
    .limit(limit);
  return rows.map((row) => row.name);
}

/** The companies the board lists jobs of now, with those counts, by name: the board's company index. */
export async function companiesWithLiveJobs(
  db: Db,
  orgId: number,
): Promise<(CompanyRef & { live: number })[]> {
  const rows = await db
    .select({ company: companies, live: count() })
    .from(companies)
    .innerJoin(jobs, and(eq(jobs.companyId, companies.id), liveJobCondition))
    .where(eq(companies.organizationId, orgId))
    .groupBy(companies.id)
    .orderBy(asc(sql`lower(${companies.name})`));
  return rows.map(({ company, live }) => ({ ...toCompanyRef(company), live }));
}

async function freeCompanySlug(tx: Db, orgId: number, name: string): Promise<string> {
  const base = slugify(name, 60) || 'company';
  return claimFreeSlug(tx, `companies:${orgId}`, base, () =>
    tx
      .select({ slug: companies.slug })
      .from(companies)
      .where(
        and(
          eq(companies.organizationId, orgId),
          sql`(${companies.slug} = ${base} or ${companies.slug} like ${`${escapeLike(base)}-%`})`,
        ),
      ),
  );
}

/** 409 when another company of the board has this name (any case) or slug. */
async function assertFree(tx: Db, orgId: number, input: { name?: string; slug?: string }, id?: string) {
  if (input.name === undefined && input.slug === undefined) return;
  const clashes = await tx
    .select({ name: companies.name, slug: companies.slug })
    .from(companies)
    .where(
      and(
        eq(companies.organizationId, orgId),
        id ? sql`${companies.id} <> ${id}` : undefined,
        sql`(lower(${companies.name}) = lower(${input.name ?? null}) or ${companies.slug} = ${input.slug ?? null})`,
      ),
    );
  for (const clash of clashes) {
    if (input.name !== undefined && clash.name.toLowerCase() === input.name.toLowerCase())
      throw taken('name', `A company named '${clash.name}' exists already.`);
    throw taken('slug', `The company slug '${input.slug}' is taken.`);
  }
}

/** A 409 naming the field, so a form shows it on its input. */
const taken = (field: 'name' | 'slug', message: string) =>
  new AppError('conflict', message, [{ location: 'body', field, path: [field], code: 'conflict', message }]);

/** Two requests may pass assertFree at once; the unique indexes refuse the second. */
function duplicate(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('conflict', 'A company with this name or slug exists already.');
  throw error;
}

/** Jobs that carry the company's name and no company join it (a job's own `company_id` wins). */
async function adoptNamedJobs(tx: Db, orgId: number, company: Company): Promise<void> {
  await tx
    .update(jobs)
    .set({ companyId: company.id, companyName: company.name })
    .where(
      and(
        eq(jobs.organizationId, orgId),
        isNull(jobs.companyId),
        sql`lower(${jobs.companyName}) = lower(${company.name})`,
      ),
    );
}

/** POST /companies. The board's jobs under this name (any case) join it. */
export async function createCompany(
  db: Database,
  orgId: number,
  input: CreateCompanyInput,
  boardUrl: string,
): Promise<CompanyOut> {
  try {
    const id = await transaction(db, async (tx) => {
      await assertFree(tx, orgId, input);
      const [row] = await tx
        .insert(companies)
        .values({
          organizationId: orgId,
          name: input.name,
          slug: input.slug ?? (await freeCompanySlug(tx, orgId, input.name)),
          logoUrl: input.logo_url ?? null,
          website: input.website ?? null,
          description: input.description ?? null,
        })
        .returning();
      await adoptNamedJobs(tx, orgId, row!);
      await bumpRevision(tx, orgId);
      return row!.id;
    });
    return await getCompany(db, orgId, id, boardUrl);
  } catch (error) {
    duplicate(error);
  }
}

/**
 * PATCH /companies/{id}. A new name is the name of every linked job (their search follows), and
 * the board's unlinked jobs under the new name join.
 */
export async function updateCompany(
  db: Database,
  orgId: number,
  id: string,
  input: UpdateCompanyInput,
  boardUrl: string,
): Promise<CompanyOut> {
  try {
    await transaction(db, async (tx) => {
      await findCompany(tx, orgId, id);
      await assertFree(tx, orgId, input, id);
      const [row] = await tx
        .update(companies)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.logo_url !== undefined ? { logoUrl: input.logo_url } : {}),
          ...(input.website !== undefined ? { website: input.website } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(companies.organizationId, orgId), eq(companies.id, id)))
        .returning();
      if (!row) throw notFound('Company');
      if (input.name !== undefined) {
        await tx
          .update(jobs)
          .set({ companyName: row.name })
          .where(and(eq(jobs.organizationId, orgId), eq(jobs.companyId, id)));
        await adoptNamedJobs(tx, orgId, row);
      }
      await bumpRevision(tx, orgId);
    });
  } catch (error) {
    duplicate(error);
  }
  return getCompany(db, orgId, id, boardUrl);
}

/** DELETE /companies/{id}. Its jobs stay, with their `company_name`, unlinked. */
export async function deleteCompany(
  db: Database,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .delete(companies)
      .where(and(eq(companies.organizationId, orgId), eq(companies.id, id)))
      .returning({ id: companies.id });
    if (!row) throw notFound('Company');
    await bumpRevision(tx, orgId);
    return { id, deleted: true as const };
  });
}
