import { getDb } from '@/db/client';
import { type ApiKeyScope, plans } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { createJob } from '@/lib/jobs';
import type { CreateJobInput } from '@/lib/jobs/schemas';
import { createMember, findMember } from '@/lib/members';
import { createOrganization } from '@/lib/organizations/service';
import { putPaymentSettings } from '@/lib/payments';

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

/** A board taking payments (the local provider unless told otherwise) with a job pack and a reader pass. */
export async function sellingBoard({ provider = 'local' as 'local' | null } = {}) {
  const tenant = await createTenant();
  const db = await getDb();
  const orgId = tenant.organization.id;
  if (provider) await putPaymentSettings(db, orgId, { provider });
  const jobPack = await createTestPlan(orgId, {
    name: 'Featured post',
    kind: 'job_post',
    interval: 'one_time',
    amount: 4900,
    jobsIncluded: 1,
    featured: true,
  });
  const reader = await createTestPlan(orgId, { name: 'Reader pass', kind: 'paywall', amount: 900 });
  return { db, orgId, jobPack, reader };
}

/** A member of the board, approved employer unless told otherwise, as the payment services read it. */
export async function memberOf(
  orgId: number,
  role: 'employer' | 'candidate' = 'employer',
  approvalStatus: 'approved' | 'pending' = 'approved',
) {
  const db = await getDb();
  const created = await createMember(db, orgId, {
    email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Pat',
    role,
    approvalStatus,
  });
  return findMember(db, orgId, created.id);
}
