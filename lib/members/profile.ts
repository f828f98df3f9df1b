// What a member keeps on their board profile for applying: contact details and one resume. The
// resume follows the applications' rules (checked by its bytes, size limit, private storage); a new
// one replaces the old, whose file goes once the change has committed.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Member, members } from '@/db/schema';
import { privateFiles, type Resume } from '@/lib/applications';
import { notFound } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { afterCommit, type Db, transaction } from '@/lib/core/transaction';
import { enforceThrottle, throttles } from '@/lib/rate-limit';
import type { MemberContactInput, MemberOut } from './schemas';
import { findMember, updateMember } from './service';

/** Saves the profile's name, description, phone and links in one transaction (`member.updated`). */
export async function saveMemberContact(
  db: Database | Db,
  orgId: number,
  id: string,
  input: MemberContactInput,
): Promise<MemberOut> {
  return transaction(db, async (tx) => {
    await tx
      .update(members)
      .set({ phone: input.phone, links: input.links })
      .where(and(eq(members.organizationId, orgId), eq(members.id, id)));
    return updateMember(tx, orgId, id, { name: input.name, description: input.description });
  });
}

/** Where a profile's resume is kept: a new key per upload, so a replaced file is never overwritten. */
const resumeKey = (orgId: number, memberId: string, kind: Resume['kind']) =>
  `member-resumes/${orgId}/${memberId}/${newId()}.${kind}`;

/**
 * Puts a resume (already checked by `readResume`) on the member's profile, replacing the one before.
 * Throttled per member: each upload is stored.
 */
export async function setMemberResume(
  db: Database,
  orgId: number,
  id: string,
  resume: Resume,
  now = new Date(),
): Promise<Member> {
  const member = await findMember(db, orgId, id);
  await enforceThrottle(
    throttles.memberResume,
    { client: `member:${member.id}` },
    (minutes) => `Too many new resumes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
  const key = resumeKey(orgId, id, resume.kind);
  await privateFiles().put(key, resume.bytes);
  try {
    return await replaceResume(db, orgId, id, {
      resumeKey: key,
      resumeFilename: resume.name,
      resumeBytes: resume.bytes.byteLength,
      resumeUploadedAt: now,
    });
  } catch (error) {
    await privateFiles().delete(key);
    throw error;
  }
}

/** Takes the resume off the member's profile and removes its file. */
export async function removeMemberResume(db: Database, orgId: number, id: string): Promise<Member> {
  return replaceResume(db, orgId, id, {
    resumeKey: null,
    resumeFilename: null,
    resumeBytes: null,
    resumeUploadedAt: null,
  });
}

type ResumeColumns = Pick<Member, 'resumeKey' | 'resumeFilename' | 'resumeBytes' | 'resumeUploadedAt'>;

/** The row is held, so of two uploads at once the later one also removes the earlier's file. */
async function replaceResume(db: Database, orgId: number, id: string, columns: ResumeColumns) {
  return transaction(db, async (tx) => {
    const [current] = await tx
      .select({ key: members.resumeKey })
      .from(members)
      .where(and(eq(members.organizationId, orgId), eq(members.id, id)))
      .for('update');
    if (!current) throw notFound('Member');
    const [row] = await tx
      .update(members)
      .set({ ...columns, updatedAt: new Date() })
      .where(and(eq(members.organizationId, orgId), eq(members.id, id)))
      .returning();
    const previous = current.key;
    if (previous && previous !== columns.resumeKey) afterCommit(tx, () => privateFiles().delete(previous));
    return row!;
  });
}
