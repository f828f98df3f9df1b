import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { type Plan, paymentSettings, payments, plans, subscriptions } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { isForeignKeyViolation } from '@/lib/core/db-errors';
import { AppError, notFound } from '@/lib/core/errors';
import { type PaginationMeta, pageOffset, paginationMeta } from '@/lib/core/pagination';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { validationDetail, validationErrorOf } from '@/lib/core/validation';
import {
  type CreatePlanInput,
  type ListPlansQuery,
  type PlanInterval,
  type PlanKind,
  type PlanOut,
  planProblems,
  type UpdatePlanInput,
} from './schemas';

const FALLBACK_CURRENCY = 'USD';

export function toPlanOut(row: Plan): PlanOut {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind as PlanKind,
    amount: row.amount,
    currency: row.currency,
    interval: row.interval as PlanInterval,
    jobs_included: row.jobsIncluded,
    featured: row.featured,
    job_duration_days: row.jobDurationDays,
    trial_days: row.trialDays,
    is_active: row.isActive,
    provider_price_id: row.providerPriceId,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const ofOrganization = (orgId: number, id: string) => and(eq(plans.organizationId, orgId), eq(plans.id, id));

/** A plan of the organization, or 404 (another organization's plan is no different from none). */
export async function findPlan(db: Db, orgId: number, id: string): Promise<Plan> {
  const [row] = await db.select().from(plans).where(ofOrganization(orgId, id)).limit(1);
  if (!row) throw notFound('Plan');
  return row;
}

export async function getPlan(db: Db, orgId: number, id: string): Promise<PlanOut> {
  return toPlanOut(await findPlan(db, orgId, id));
}

export async function listPlans(
  db: Db,
  orgId: number,
  query: ListPlansQuery,
): Promise<{ plans: PlanOut[]; pagination: PaginationMeta }> {
  const conditions: SQL[] = [eq(plans.organizationId, orgId)];
  if (query.kind) conditions.push(eq(plans.kind, query.kind));
  if (query.is_active !== undefined) conditions.push(eq(plans.isActive, query.is_active));
  if (!query.include_archived) conditions.push(isNull(plans.archivedAt));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [rows, [total]] = await queryAll(db, [
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(asc(plans.createdAt), asc(plans.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(plans).where(where),
  ] as const);
  return { plans: rows.map(toPlanOut), pagination: paginationMeta(query, total?.total ?? 0) };
}

/** The plans on sale (active, not archived), cheapest first: what the board's pricing page offers. */
export async function activePlans(db: Db, orgId: number, kind?: PlanKind): Promise<PlanOut[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.organizationId, orgId),
        eq(plans.isActive, true),
        isNull(plans.archivedAt),
        kind ? eq(plans.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(plans.amount), asc(plans.createdAt), asc(plans.id));
  return rows.map(toPlanOut);
}

/** The organization's payment currency, for plans created without one. */
export async function defaultPlanCurrency(db: Db, orgId: number): Promise<string> {
  // payment_settings belongs to payments, which builds on plans: read its one column here rather
  // than make the two domains import each other.
  const [settings] = await db
    .select({ currency: paymentSettings.currency })
    .from(paymentSettings)
    .where(eq(paymentSettings.organizationId, orgId));
  return settings?.currency.toUpperCase() ?? FALLBACK_CURRENCY;
}

/**
 * Which of the plans a payment or subscription refers to: those are archived, never deleted, and
 * keep their kind and interval.
 */
export async function plansInUse(db: Db, orgId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [paid, subscribed] = await queryAll(db, [
    db
      .selectDistinct({ planId: payments.planId })
      .from(payments)
      .where(and(eq(payments.organizationId, orgId), inArray(payments.planId, ids))),
    db
      .selectDistinct({ planId: subscriptions.planId })
      .from(subscriptions)
      .where(and(eq(subscriptions.organizationId, orgId), inArray(subscriptions.planId, ids))),
  ] as const);
  return new Set([...paid, ...subscribed].flatMap(({ planId }) => (planId ? [planId] : [])));
}

const isInUse = async (db: Db, orgId: number, id: string) => (await plansInUse(db, orgId, [id])).has(id);

export async function createPlan(db: Db, orgId: number, input: CreatePlanInput): Promise<PlanOut> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(plans)
      .values({
        organizationId: orgId,
        name: input.name,
        description: input.description,
        kind: input.kind,
        amount: input.amount,
        currency: input.currency ?? (await defaultPlanCurrency(tx, orgId)),
        interval: input.interval,
        jobsIncluded: input.jobs_included,
        featured: input.featured,
        jobDurationDays: input.job_duration_days,
        trialDays: input.trial_days,
        isActive: input.is_active,
        providerPriceId: input.provider_price_id,
      })
      .returning();
    // The board's pricing page lists the plans.
    await bumpRevision(tx, orgId);
    return toPlanOut(row!);
  });
}

/**
 * PATCH /plans/{id}: the stored plan merged with the patch must still be a valid plan. Once sold,
 * a plan keeps its kind and interval: the payments and subscriptions made with it were for those.
 */
export async function updatePlan(
  db: Db,
  orgId: number,
  id: string,
  input: UpdatePlanInput,
): Promise<PlanOut> {
  return transaction(db, async (tx) => {
    const [stored] = await tx.select().from(plans).where(ofOrganization(orgId, id)).for('update');
    if (!stored) throw notFound('Plan');
    const kind = input.kind ?? (stored.kind as PlanKind);
    const interval = input.interval ?? (stored.interval as PlanInterval);
    const changed = [kind !== stored.kind && 'kind', interval !== stored.interval && 'interval'].filter(
      (field): field is string => field !== false,
    );
    if (changed.length > 0 && (await isInUse(tx, orgId, id)))
      throw new AppError(
        'conflict',
        `Payments or subscriptions were made with this plan, so its ${changed.join(' and ')} cannot change: they were bought as they are. Create a new plan instead, and deactivate this one.`,
      );
    const problems = planProblems({
      kind,
      interval,
      jobs_included: input.jobs_included === undefined ? stored.jobsIncluded : input.jobs_included,
      trial_days: input.trial_days ?? stored.trialDays,
    });
    if (problems.length > 0)
      throw validationErrorOf(
        problems.map(({ field, message }) => validationDetail('body', [field], 'invalid_value', message)),
      );
    const restore = input.is_active === true && stored.archivedAt !== null;
    const [row] = await tx
      .update(plans)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(input.currency !== undefined ? { currency: input.currency } : {}),
        ...(input.jobs_included !== undefined ? { jobsIncluded: input.jobs_included } : {}),
        ...(input.featured !== undefined ? { featured: input.featured } : {}),
        ...(input.job_duration_days !== undefined ? { jobDurationDays: input.job_duration_days } : {}),
        ...(input.trial_days !== undefined ? { trialDays: input.trial_days } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(input.provider_price_id !== undefined ? { providerPriceId: input.provider_price_id } : {}),
        ...(restore ? { archivedAt: null } : {}),
        kind,
        interval,
        updatedAt: new Date(),
      })
      .where(ofOrganization(orgId, id))
      .returning();
    await bumpRevision(tx, orgId);
    return toPlanOut(row!);
  });
}

/**
 * DELETE /plans/{id}: a plan nothing refers to is removed; one that payments or subscriptions (or
 * anything else) refer to is archived instead (off sale, out of lists), so their records keep it.
 */
export async function deletePlan(
  db: Db,
  orgId: number,
  id: string,
): Promise<PlanOut | { id: string; deleted: true }> {
  return transaction(db, async (tx) => {
    // The lock waits for a payment being written with this plan, so the check below sees it.
    const [stored] = await tx.select().from(plans).where(ofOrganization(orgId, id)).for('update');
    if (!stored) throw notFound('Plan');
    await bumpRevision(tx, orgId);
    if (!(await isInUse(tx, orgId, id))) {
      try {
        // In a savepoint: whatever else still points at the plan (a checkout left unfinished)
        // fails this statement only, and the plan is archived like a sold one.
        await transaction(tx, (savepoint) => savepoint.delete(plans).where(ofOrganization(orgId, id)));
        return { id: stored.id, deleted: true as const };
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
      }
    }
    const now = new Date();
    const [row] = await tx
      .update(plans)
      .set({ archivedAt: stored.archivedAt ?? now, isActive: false, updatedAt: now })
      .where(ofOrganization(orgId, id))
      .returning();
    return toPlanOut(row!);
  });
}
