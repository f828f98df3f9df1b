import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { auth } from './auth';
import { can, type Permission, permissions } from './permissions';
import { listMemberships, type OrganizationMembership } from './users';

export const ACTIVE_ORG_COOKIE = 'bk_org';

/** Makes `organizationId` the one this browser's dashboard works in (the caller checked membership). */
export async function setActiveOrganization(organizationId: number): Promise<void> {
  (await cookies()).set(ACTIVE_ORG_COOKIE, String(organizationId), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
  });
}

/** The signed-in user's id, or a redirect to sign-in. */
export async function requireUserId(): Promise<string> {
  const session = await auth();
  if (!session?.user?.id) redirect('/sign-in');
  return session.user.id;
}

export interface DashboardContext extends OrganizationMembership {
  userId: string;
  memberships: OrganizationMembership[];
}

/**
 * The signed-in user and the organization they are working in (the `bk_org` cookie when it
 * names one of their memberships, else their first). Every page and server action starts here;
 * `permission` limits who may continue (see permissions.ts).
 */
export async function requireMembership(permission?: Permission): Promise<DashboardContext> {
  const userId = await requireUserId();
  const memberships = await listMemberships(await getDb(), userId);
  if (memberships.length === 0) redirect('/sign-up?reason=no-organization');
  const wanted = Number((await cookies()).get(ACTIVE_ORG_COOKIE)?.value);
  const active = memberships.find((m) => m.organization.id === wanted) ?? memberships[0]!;
  if (permission && !can(active.role, permission)) {
    const roles = permissions[permission].join(' or ');
    throw new Error(`This needs the ${roles} role; you are ${active.role}.`);
  }
  return { userId, memberships, ...active };
}
