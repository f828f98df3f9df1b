// Employers who signed up and wait for the board to approve them: they cannot post (or pay) meanwhile.
import { and, asc, count, eq } from 'drizzle-orm';
import { members } from '@/db/schema';
import { type Db, queryAll } from '@/lib/core/transaction';
import type { MemberOut } from './schemas';
import { toMemberOut } from './service';

const waiting = (orgId: number) =>
  and(eq(members.organizationId, orgId), eq(members.role, 'employer'), eq(members.approvalStatus, 'pending'));

/** How many employers wait for approval, and the `first` who have waited longest. */
export async function pendingEmployers(
  db: Db,
  orgId: number,
  first = 3,
): Promise<{ count: number; members: MemberOut[] }> {
  const [rows, [total]] = await queryAll(db, [
    db
      .select()
      .from(members)
      .where(waiting(orgId))
      .orderBy(asc(members.createdAt), asc(members.id))
      .limit(first),
    db.select({ value: count() }).from(members).where(waiting(orgId)),
  ] as const);
  return { count: total?.value ?? 0, members: rows.map(toMemberOut) };
}
