'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { formMessage } from '@/lib/forms';
import { cancelSubscription } from '@/lib/payments';

const subscriptionId = z.uuid();

/** Ends a subscription at the end of its paid period, or now; a refusal (already ended) comes back. */
export async function cancelSubscriptionAction(id: string, atPeriodEnd: boolean): Promise<ActionResult> {
  const { organization } = await requireMembership('members.manage');
  const parsed = subscriptionId.safeParse(id);
  if (!parsed.success) return { error: 'Unknown subscription.' };
  try {
    await cancelSubscription(await getDb(), organization.id, parsed.data, atPeriodEnd === true);
    return {};
  } catch (error) {
    return { error: formMessage(error, { answers: ['conflict', 'not_found'] }) };
  } finally {
    revalidatePath('/dashboard/payments');
    revalidatePath('/dashboard/members', 'layout');
  }
}
