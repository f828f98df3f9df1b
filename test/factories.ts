import { getDb } from '@/db/client';
import { type ApiKeyScope, plans } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { createJob } from '@/lib/jobs';
import type { CreateJobInput } from '@/lib/jobs/schemas';
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

/** A job created through the jobs service (as the API would), active unless told otherwise. */
export async function createTestJob(orgId: number, fields: Partial<CreateJobInput> = {}) {
  counter += 1;
  return createJob(await getDb(), orgId, {
    title: `Engineer ${counter}`,
    description: 'Build things.',
    company_name: 'Acme',
    ...fields,
  });
}

/** A plan row as the payments tests need one; the plans API has its own tests. */
export async function createTestPlan(orgId: number, fields: Partial<typeof plans.$inferInsert> = {}) {
  const db = await getDb();
  const [plan] = await db
    .insert(plans)
    .values({
      organizationId: orgId,
      name: 'Test plan',
      kind: 'paywall',
      amount: 900,
      currency: 'USD',
      interval: 'month',
      ...fields,
    })
    .returning();
  return plan!;
}
