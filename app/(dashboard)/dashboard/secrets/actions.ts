'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms';
import { secretNameSchema, setSecretBodySchema } from '@/lib/secrets/schemas';
import { deleteSecret, secretReference, setSecret } from '@/lib/secrets/service';
import { dashboardAction, dashboardRowAction } from '../dashboard-action';

const secretsPath = '/dashboard/secrets';

/** Creates a secret or replaces its value. The value never travels back, not even to refill the form. */
export const setSecretAction = dashboardAction(
  'secrets.manage',
  setSecretBodySchema,
  async (input, { db, organization }): Promise<FormState> => {
    const { created } = await setSecret(db, organization.id, input);
    const { name } = input;
    return {
      success: created
        ? `Saved “${name}”. Refer to it as ${secretReference(name)}.`
        : `Replaced the value of “${name}”. Configuration using ${secretReference(name)} now gets the new value.`,
    };
  },
  { revalidate: [secretsPath], refill: ['name'] },
);

export const deleteSecretAction = dashboardRowAction(
  'secrets.manage',
  z.tuple([secretNameSchema]),
  async ([name], { db, organization }): Promise<ActionResult> => {
    await deleteSecret(db, organization.id, name);
    return {};
  },
  { revalidate: [secretsPath], invalid: 'Unknown secret.', gone: {} },
);
