'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { requireUserId, setActiveOrganization } from '@/lib/auth/session';
import { throttleSignUp, tooManyAttempts } from '@/lib/auth/throttle';
import { signUpSchema } from '@/lib/auth/users';
import { type FormState, formErrors, formValues } from '@/lib/forms';
import { clientAddress } from '@/lib/http/client-address';
import { createOrganization } from '@/lib/organizations';

// Apart from ../actions.ts, whose sign-in is tested with next/headers mocked and the modules loaded
// afresh: a session module loaded there would keep that mock for the test files after it.

const newBoardSchema = signUpSchema.pick({ organizationName: true });

/** A new board owned by the signed-in account: sign-up's last step, for someone who has an account. */
export async function createBoardAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const userId = await requireUserId();
  const values = formValues(formData, ['organizationName']);
  const parsed = newBoardSchema.safeParse(values);
  if (!parsed.success) return { ...formErrors(parsed.error, { fields: ['organizationName'] }), values };
  // Counted with sign-ups: each makes an organization.
  const wait = await throttleSignUp(clientAddress(await headers()));
  if (wait) return { error: tooManyAttempts(wait), values };
  const organization = await createOrganization(await getDb(), {
    name: parsed.data.organizationName,
    owner: { userId },
  });
  await setActiveOrganization(organization.id);
  redirect('/dashboard');
}
