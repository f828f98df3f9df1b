'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms';
import { deleteMember, updateMember } from '@/lib/members';
import { memberRoles } from '@/lib/members/schemas';
import { dashboardAction, dashboardRowAction, type Revalidation, rowId } from '../dashboard-action';

// The list and each member's page.
const revalidate: Revalidation[] = [['/dashboard/members', 'layout']];

const setApproval = dashboardAction(
  'members.manage',
  z.object({ id: z.uuid(), status: z.enum(['approved', 'rejected', 'pending']) }),
  async ({ id, status }, { db, organization }) => {
    await updateMember(db, organization.id, id, { approvalStatus: status });
    return {};
  },
  { revalidate },
);

/** What approving from the overview answers: who was approved, for the status message. */
export interface ApproveState extends FormState {
  approved?: { name: string; email: string };
}

const approve = dashboardAction(
  'members.manage',
  z.object({ id: z.uuid({ error: 'This member could not be found.' }) }),
  async ({ id }, { db, organization }): Promise<ApproveState> => {
    const member = await updateMember(db, organization.id, id, { approvalStatus: 'approved' });
    return { approved: { name: member.name, email: member.email } };
  },
  // The overview counts those waiting.
  { revalidate: [...revalidate, '/dashboard'] },
);

const setRole = dashboardAction(
  'members.manage',
  z.object({ id: z.uuid(), role: z.enum(memberRoles) }),
  async ({ id, role }, { db, organization }) => {
    await updateMember(db, organization.id, id, { role });
    return {};
  },
  { revalidate },
);

// Plain forms (buttons on the list and the member's page): the answer is the page itself.

/** Approve or reject a member (or put them back to pending). */
export async function setMemberApprovalAction(formData: FormData): Promise<void> {
  await setApproval({}, formData);
}

/** Make a member a job seeker or an employer. */
export async function setMemberRoleAction(formData: FormData): Promise<void> {
  await setRole({}, formData);
}

/** Approve from the overview's attention list (a form with `useActionState`). */
export async function approveMemberAction(previous: ApproveState, formData: FormData): Promise<ApproveState> {
  return approve(previous, formData);
}

/**
 * Erases a member, as `DELETE /api/members/{id}` does (an erasure request that reached the owner):
 * their live subscriptions end at the provider first, then everything that was theirs alone goes.
 */
export const eraseMemberAction = dashboardRowAction(
  'members.manage',
  z.tuple([rowId('This member could not be found.')]),
  async ([id], { db, organization }): Promise<ActionResult> => {
    await deleteMember(db, organization.id, id);
    return {};
  },
  // Erased meanwhile (by the member, or through the API): the outcome asked for.
  { revalidate, gone: {}, redirect: () => '/dashboard/members' },
);
