'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { updateMember } from '@/lib/members';

const decision = z.object({ id: z.uuid(), status: z.enum(['approved', 'rejected', 'pending']) });

/** Approve or reject a member (or put them back to pending). */
export async function setMemberApprovalAction(formData: FormData): Promise<void> {
  const { organization } = await requireMembership('members.manage');
  const parsed = decision.safeParse({ id: formData.get('id'), status: formData.get('status') });
  if (!parsed.success) return;
  await updateMember(await getDb(), organization.id, parsed.data.id, { approvalStatus: parsed.data.status });
  revalidatePath('/dashboard/members');
}
