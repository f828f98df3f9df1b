'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { updateMember } from '@/lib/members';
import { memberRoles } from '@/lib/members/schemas';

const decision = z.object({ id: z.uuid(), status: z.enum(['approved', 'rejected', 'pending']) });

/** Approve or reject a member (or put them back to pending). */
export async function setMemberApprovalAction(formData: FormData): Promise<void> {
  const { organization } = await requireMembership('members.manage');
  const parsed = decision.safeParse({ id: formData.get('id'), status: formData.get('status') });
  if (!parsed.success) return;
  await updateMember(await getDb(), organization.id, parsed.data.id, { approvalStatus: parsed.data.status });
  revalidatePath('/dashboard/members', 'layout');
}

const roleChange = z.object({ id: z.uuid(), role: z.enum(memberRoles) });

/** Make a member a job seeker or an employer. */
export async function setMemberRoleAction(formData: FormData): Promise<void> {
  const { organization } = await requireMembership('members.manage');
  const parsed = roleChange.safeParse({ id: formData.get('id'), role: formData.get('role') });
  if (!parsed.success) return;
  await updateMember(await getDb(), organization.id, parsed.data.id, { role: parsed.data.role });
  revalidatePath('/dashboard/members', 'layout');
}
