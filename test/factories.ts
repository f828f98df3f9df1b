import { getDb } from '@/db/client';
import type { ApiKeyScope } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { createOrganization } from '@/lib/organizations/service';

let counter = 0;

/** A new organization with one API key; each call makes a distinct tenant. */
export async function createTenant(options: { name?: string; scope?: ApiKeyScope } = {}) {
  const db = await getDb();
  counter += 1;
  const organization = await createOrganization(db, {
    name: options.name ?? `Tenant ${counter} ${Date.now()}`,
  });
  const { apiKey, plaintext } = await createApiKey(db, organization.id, {
    name: 'test',
    scope: options.scope,
  });
  return { organization, apiKey, key: plaintext };
}
