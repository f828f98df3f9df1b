import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { setSecret } from '@/lib/secrets/service';
import { createTenant } from '@/test/factories';
import { vaultReferences } from './queries';

describe('vaultReferences', () => {
  it('holds the vault: reference of each secret of this organization only', async () => {
    const db = await getDb();
    const [{ organization }, { organization: other }] = await Promise.all([createTenant(), createTenant()]);
    await setSecret(db, organization.id, { name: 'hook_secret', value: 'first value' });
    await setSecret(db, other.id, { name: 'other_secret', value: 'second value' });
    expect(await vaultReferences(db, organization.id)).toEqual(new Set(['vault:hook_secret']));
  });
});
