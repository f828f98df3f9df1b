'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import { cancelSubscription } from '@/lib/payments';
import { dashboardRowAction, rowId } from '../dashboard-action';

/** Ends a subscription at the end of its paid period, or now; a refusal (already ended) comes back. */
export const cancelSubscriptionAction = dashboardRowAction(
  'members.manage',
  // Anything but `true` ends it now.
  z.tuple([rowId('Unknown subscription.'), z.boolean().catch(false)]),
  async ([id, atPeriodEnd], { db, organization }): Promise<ActionResult> => {
    await cancelSubscription(db, organization.id, id, atPeriodEnd);
    return {};
  },
  {
    revalidate: ['/dashboard/payments', ['/dashboard/members', 'layout']],
    revalidateRefused: true,
    errors: { answers: ['conflict', 'not_found'] },
  },
);
