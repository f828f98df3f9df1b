'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import {
  changeTeammateRole,
  inviteSchema,
  inviteTeammate,
  removeTeammate,
  revokeInvitation,
  teamRoleSchema,
} from '@/lib/auth/team';
import type { FormState } from '@/lib/forms';
import { dashboardAction, dashboardRowAction, rowId } from '../dashboard-action';

const TEAM_PATH = '/dashboard/team';

export interface InviteState extends FormState {
  invited?: string;
}

export const inviteTeammateAction = dashboardAction(
  'team.manage',
  inviteSchema,
  async ({ email, role }, { db, organization, userId, role: actorRole }): Promise<InviteState> => {
    const { invitation } = await inviteTeammate(db, {
      organization,
      actor: { userId, role: actorRole },
      email,
      role,
    });
    return { invited: invitation.email };
  },
  { revalidate: [TEAM_PATH], errors: { codeFields: { conflict: 'email' } } },
);

export const changeTeammateRoleAction = dashboardAction(
  'team.manage',
  z.object({ user_id: rowId('Unknown teammate.'), role: teamRoleSchema }),
  async ({ user_id, role }, { db, organization, userId, role: actorRole }): Promise<FormState> => {
    await changeTeammateRole(db, organization.id, { userId, role: actorRole }, user_id, role);
    return {};
  },
  { revalidate: [TEAM_PATH], errors: { fields: [] } },
);

export const removeTeammateAction = dashboardRowAction(
  'team.manage',
  z.tuple([rowId('Unknown teammate.')]),
  async ([id], { db, organization, userId, role }): Promise<ActionResult> => {
    await removeTeammate(db, organization.id, { userId, role }, id);
    return {};
  },
  { revalidate: [TEAM_PATH], revalidateRefused: true },
);

export const revokeInvitationAction = dashboardRowAction(
  'team.manage',
  z.tuple([rowId('Unknown invitation.')]),
  async ([id], { db, organization }): Promise<ActionResult> => {
    await revokeInvitation(db, organization.id, id);
    return {};
  },
  // Accepted or withdrawn in another tab meanwhile: it is off the list either way.
  { revalidate: [TEAM_PATH], gone: {} },
);
