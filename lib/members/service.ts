import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { cmsItems, jobAlerts, type Member, members, organizations, payments } from '@/db/schema';
import { privateFiles } from '@/lib/applications';
import { bumpRevision } from '@/lib/cache';
import { AppError, fileTooLarge, notFound } from '@/lib/core/errors';
import { type PaginationMeta, pageOffset, paginationMeta } from '@/lib/core/pagination';
import { containsPattern } from '@/lib/core/sql-like';
import { afterCommit, type Db, queryAll, transaction } from '@/lib/core/transaction';
import { forgetMemberPicture, storeMemberPicture } from '@/lib/media';
import { endSubscriptionsOf, type MemberBilling, memberBilling } from '@/lib/payments';
import { enforceThrottle, throttles } from '@/lib/rate-limit';
import { emitEvent } from '@/lib/webhooks';
import type {
  ApprovalStatus,
  CreateMemberInput,
  ListMembersQuery,
  MemberOut,
  MemberRole,
  UpdateMemberInput,
} from './schemas';

/** Keys of a payment's metadata that name or reach a person: removed when the member is erased. */
const PERSONAL_METADATA_KEYS = ['email', 'name', 'phone', 'address', 'customer_email', 'customer_name'];

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toMemberOut(row: Member): MemberOut {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    name: row.name,
    role: row.role as MemberOut['role'],
    approvalStatus: row.approvalStatus as MemberOut['approvalStatus'],
    authMethod: row.authMethod as MemberOut['authMethod'],
    profilePicture: row.profilePicture,
    description: row.description,
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSignInAt: iso(row.lastSignInAt),
  };
}

const sameEmail = (email: string) => sql`lower(${members.email}) = lower(${email})`;

/** A member of the organization by id, or 404. */
export async function findMember(db: Db, orgId: number, id: string): Promise<Member> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.organizationId, orgId), eq(members.id, id)))
    .limit(1);
  if (!row) throw notFound('Member');
  return row;
}

export async function findMemberByEmail(db: Db, orgId: number, email: string): Promise<Member | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.organizationId, orgId), sameEmail(email)))
    .limit(1);
  return row;
}

/**
 * GET /members/{lookup}: the member by id or email, with subscriptions, payments (amounts in minor
 * units; the API answers them with `toPaymentOut`) and whether a subscription opens the paywall.
 */
export async function getMemberProfile(
  db: Db,
  orgId: number,
  lookup: { id: string } | { email: string },
  now = new Date(),
): Promise<{ member: MemberOut } & MemberBilling> {
  const member =
    'id' in lookup
      ? await findMember(db, orgId, lookup.id)
      : await findMemberByEmail(db, orgId, lookup.email);
  if (!member) throw notFound('Member');
  return { member: toMemberOut(member), ...(await memberBilling(db, orgId, member.id, now)) };
}

export async function listMembers(
  db: Db,
  orgId: number,
  query: ListMembersQuery,
): Promise<{ members: MemberOut[]; pagination: PaginationMeta }> {
  const conditions: (SQL | undefined)[] = [eq(members.organizationId, orgId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(members.name, pattern), ilike(members.email, pattern)));
  }
  if (query.role) conditions.push(eq(members.role, query.role));
  if (query.approval_status) conditions.push(eq(members.approvalStatus, query.approval_status));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [rows, [total]] = await queryAll(db, [
    db
      .select()
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(members).where(where),
  ] as const);
  return { members: rows.map(toMemberOut), pagination: paginationMeta(query, total?.total ?? 0) };
}

/** Where a new member of `role` starts: pending when the organization approves that role. */
export async function initialApprovalStatus(
  db: Db,
  orgId: number,
  role: MemberRole,
): Promise<ApprovalStatus> {
  const [org] = await db
    .select({
      employers: organizations.employersNeedApproval,
      candidates: organizations.candidatesNeedApproval,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const approve = role === 'employer' ? org?.employers : org?.candidates;
  return approve ? 'pending' : 'approved';
}

/** POST /members, `npm run admin -- member:create` and sign-up on the board. 409 when the email exists. */
export async function createMember(
  db: Database | Db,
  orgId: number,
  input: CreateMemberInput & { authMethod?: Member['authMethod']; emailVerifiedAt?: Date },
): Promise<MemberOut> {
  return transaction(db, async (tx) => {
    if (await findMemberByEmail(tx, orgId, input.email)) {
      throw new AppError('conflict', `A member with the email ${input.email} already exists.`);
    }
    const [row] = await tx
      .insert(members)
      .values({
        organizationId: orgId,
        email: input.email,
        name: input.name,
        role: input.role,
        approvalStatus: input.approvalStatus ?? (await initialApprovalStatus(tx, orgId, input.role)),
        authMethod: input.authMethod ?? 'email',
        description: input.description ?? null,
        customFields: input.customFields ?? null,
        emailVerifiedAt: input.emailVerifiedAt ?? null,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent create of the same email won the unique index.
    if (!row) throw new AppError('conflict', `A member with the email ${input.email} already exists.`);
    const member = toMemberOut(row);
    await emitEvent(tx, orgId, 'member.created', () => member);
    return member;
  });
}

export async function updateMember(
  db: Database | Db,
  orgId: number,
  id: string,
  input: UpdateMemberInput,
): Promise<MemberOut> {
  return transaction(db, async (tx) => {
    if (input.profilePicture !== undefined) {
      // Locked, so that of two pictures saved at once the later one also removes the earlier.
      const [current] = await tx
        .select({ picture: members.profilePicture })
        .from(members)
        .where(and(eq(members.organizationId, orgId), eq(members.id, id)))
        .for('update');
      const previous = current?.picture ?? null;
      if (previous !== input.profilePicture) {
        afterCommit(tx, () => forgetMemberPicture(orgId, id, previous));
      }
    }
    const [row] = await tx
      .update(members)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.approvalStatus !== undefined ? { approvalStatus: input.approvalStatus } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.customFields !== undefined ? { customFields: input.customFields } : {}),
        ...(input.profilePicture !== undefined ? { profilePicture: input.profilePicture } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(members.organizationId, orgId), eq(members.id, id)))
      .returning();
    if (!row) throw notFound('Member');
    const member = toMemberOut(row);
    await emitEvent(tx, orgId, 'member.updated', () => member);
    return member;
  });
}

/** A profile picture is at most this large (the media library takes 15 MB). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/**
 * A picture the member uploads on the board: checked like any upload (typed by its bytes, SVG
 * sanitized) and hosted beside the media library, then on the profile; the one it replaces goes.
 */
export async function setMemberPicture(
  db: Database,
  orgId: number,
  id: string,
  file: { bytes: Uint8Array; filename: string },
): Promise<MemberOut> {
  if (file.bytes.byteLength > MAX_PICTURE_BYTES) throw fileTooLarge(MAX_PICTURE_BYTES);
  const member = await findMember(db, orgId, id);
  await enforceThrottle(
    throttles.memberPicture,
    { client: `member:${member.id}` },
    (minutes) => `Too many new pictures. Try again in ${minutes} minute(s).`,
  );
  const url = await storeMemberPicture(orgId, member.id, file.bytes);
  try {
    return await updateMember(db, orgId, id, { profilePicture: url });
  } catch (error) {
    await forgetMemberPicture(orgId, member.id, url);
    throw error;
  }
}

/**
 * DELETE /members/{id}: erasure. The member and what hangs on them go; payments stay for
 * bookkeeping, with the member reference and the personal details of their metadata removed.
 */
export async function deleteMember(
  db: Database | Db,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true }> {
  await findMember(db, orgId, id);
  // Ended at the provider before anything is erased, and outside the transaction (a network call).
  await endSubscriptionsOf(db, orgId, id);
  return transaction(db, async (tx) => {
    const member = await findMember(tx, orgId, id);
    // Alerts made while signed in go with the member (cascade); so do those of their address.
    await tx
      .delete(jobAlerts)
      .where(and(eq(jobAlerts.organizationId, orgId), eq(jobAlerts.email, member.email.toLowerCase())));
    await tx
      .update(payments)
      .set({
        userId: null,
        metadata: sql`${payments.metadata} - array[${sql.join(
          PERSONAL_METADATA_KEYS.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]`,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.organizationId, orgId), eq(payments.userId, id)));
    const owned = await tx
      .update(cmsItems)
      .set({ ownerUserId: null, updatedAt: new Date() })
      .where(and(eq(cmsItems.organizationId, orgId), eq(cmsItems.ownerUserId, id)))
      .returning({ id: cmsItems.id });
    // CMS answers are cached per revision, and they name the owner.
    if (owned.length > 0) await bumpRevision(tx, orgId);
    await tx.delete(members).where(and(eq(members.organizationId, orgId), eq(members.id, id)));
    afterCommit(tx, () => forgetMemberPicture(orgId, member.id, member.profilePicture));
    const resume = member.resumeKey;
    if (resume) afterCommit(tx, () => privateFiles().delete(resume));
    await emitEvent(tx, orgId, 'member.deleted', () => ({ id }));
    return { id, deleted: true as const };
  });
}
