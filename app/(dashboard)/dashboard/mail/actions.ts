'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import { sendFailedMailAgain } from '@/lib/mail';
import { dashboardRowAction, rowId } from '../dashboard-action';

const mailPath = '/dashboard/mail';

export const sendMailAgainAction = dashboardRowAction(
  'members.manage',
  z.tuple([rowId('Unknown message.')]),
  async ([id], { db, organization }): Promise<ActionResult> => {
    await sendFailedMailAgain(db, organization.id, { id });
    return {};
  },
  { revalidate: [mailPath], revalidateRefused: true },
);

export const sendAllFailedMailAgainAction = dashboardRowAction(
  'members.manage',
  z.tuple([]),
  async (_, { db, organization }): Promise<ActionResult> => {
    await sendFailedMailAgain(db, organization.id, 'all');
    return {};
  },
  { revalidate: [mailPath] },
);
