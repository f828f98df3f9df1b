'use server';

import { z } from 'zod';
import { setActiveOrganization } from '@/lib/auth/session';
import { dashboardAction } from './dashboard-action';

const switchOrganization = dashboardAction(
  null,
  z.object({ organizationId: z.coerce.number() }),
  async ({ organizationId }, { memberships }) => {
    if (!memberships.some((m) => m.organization.id === organizationId))
      throw new Error('You are not a member of that organization.');
    await setActiveOrganization(organizationId);
    return {};
  },
  { redirect: '/dashboard' },
);

/** The organization picker (a plain form): any member may work in any of their organizations. */
export async function switchOrganizationAction(formData: FormData): Promise<void> {
  await switchOrganization({}, formData);
}
