'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { ACTIVE_ORG_COOKIE, requireMembership } from '@/lib/auth/session';

export async function switchOrganizationAction(formData: FormData): Promise<void> {
  const { memberships } = await requireMembership();
  const id = Number(formData.get('organizationId'));
  if (!memberships.some((m) => m.organization.id === id))
    throw new Error('You are not a member of that organization.');
  (await cookies()).set(ACTIVE_ORG_COOKIE, String(id), { httpOnly: true, sameSite: 'lax', path: '/' });
  redirect('/dashboard');
}
