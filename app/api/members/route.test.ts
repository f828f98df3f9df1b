import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizations, payments, subscriptions } from '@/db/schema';
import { newId } from '@/lib/core/ids';
import { createTenant, createTestPlan } from '@/test/factories';
import { emittedEvents, subscribeToEverything } from '@/test/fixtures/cms';
import { call } from '@/test/http';
import { DELETE, GET as getOne, PATCH } from './[lookup]/route';
import { GET, POST } from './route';

const MEMBER_FIELDS = [
  'approvalStatus',
  'authMethod',
  'createdAt',
  'customFields',
  'description',
  'email',
  'id',
  'lastSignInAt',
  'name',
  'organizationId',
  'profilePicture',
  'role',
  'updatedAt',
];

const add = (key: string, body: Record<string, unknown>) =>
  call(POST, { method: 'POST', path: '/members', apiKey: key, body });
const lookup = (key: string, value: string) =>
  call(getOne, { path: `/members/${value}`, apiKey: key, params: { lookup: value } });

describe('members', () => {
  it('creates a member with the spec’s fields, and employers wait for approval by default', async () => {
    const { key, organization } = await createTenant();
    const ada = await add(key, {
      email: 'Ada@Example.com',
      name: 'Ada Lovelace',
      description: 'Analyst',
      customFields: { linkedin: 'https://linkedin.example/ada', years: 12 },
    });
    expect(ada.status).toBe(201);
    expect(Object.keys(ada.body.data).sort()).toEqual(MEMBER_FIELDS);
    expect(ada.body.data).toMatchObject({
      organizationId: organization.id,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      role: 'candidate',
      approvalStatus: 'approved',
      authMethod: 'email',
      profilePicture: null,
      description: 'Analyst',
      customFields: { linkedin: 'https://linkedin.example/ada', years: 12 },
      lastSignInAt: null,
    });
    const employer = await add(key, { email: 'hr@acme.example', name: 'Acme HR', role: 'employer' });
    expect(employer.body.data.approvalStatus).toBe('pending');
    const imported = await add(key, {
      email: 'ops@acme.example',
      name: 'Acme Ops',
      role: 'employer',
      approvalStatus: 'approved',
    });
    expect(imported.body.data.approvalStatus).toBe('approved');

    // The organization's setting decides the default.
    const db = await getDb();
    await db
      .update(organizations)
      .set({ employersNeedApproval: false, candidatesNeedApproval: true })
      .where(eq(organizations.id, organization.id));
    expect((await add(key, { email: 'c@x.example', name: 'C' })).body.data.approvalStatus).toBe('pending');
    expect(
      (await add(key, { email: 'e@x.example', name: 'E', role: 'employer' })).body.data.approvalStatus,
    ).toBe('approved');
  });

  it('refuses a second member with the same email, whatever its case, with 409', async () => {
    const { key } = await createTenant();
    await add(key, { email: 'sam@example.com', name: 'Sam' });
    const again = await add(key, { email: ' SAM@example.com ', name: 'Sam again' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    // Another organization may have its own member with that email.
    const other = await createTenant();
    expect((await add(other.key, { email: 'sam@example.com', name: 'Sam' })).status).toBe(201);
  });

  it.each([
    ['email', { name: 'No email' }],
    ['email', { email: 'not-an-email', name: 'X' }],
    ['name', { email: 'x@example.com' }],
    ['role', { email: 'x@example.com', name: 'X', role: 'admin' }],
    ['approvalStatus', { email: 'x@example.com', name: 'X', approvalStatus: 'maybe' }],
    ['customFields', { email: 'x@example.com', name: 'X', customFields: ['a'] }],
    ['customFields', { email: 'x@example.com', name: 'X', customFields: { big: 'x'.repeat(20_000) } }],
  ] as const)('refuses a bad %s with 400 (case %#)', async (field, body) => {
    const { key } = await createTenant();
    const response = await add(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });

  it('reads a member by id or URL-encoded email with subscriptions, payments and the paywall check', async () => {
    const { key, organization } = await createTenant();
    const member = (await add(key, { email: 'pat@example.com', name: 'Pat' })).body.data;
    const byId = await lookup(key, member.id);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual({
      member,
      subscriptions: [],
      payments: [],
      hasValidPaywallSubscription: false,
    });
    for (const value of [encodeURIComponent('PAT@example.com'), 'pat@example.com', member.id.toUpperCase()]) {
      const found = await lookup(key, value);
      expect(found.status, value).toBe(200);
      expect(found.body.data.member.id).toBe(member.id);
    }

    const db = await getDb();
    const planId = (await createTestPlan(organization.id)).id;
    const future = new Date(Date.now() + 86_400_000);
    await db.insert(subscriptions).values([
      {
        organizationId: organization.id,
        userId: member.id,
        planId,
        status: 'canceled',
        paymentProviderSubscriptionId: 'sub_old',
        currentPeriodEnd: future,
      },
      {
        organizationId: organization.id,
        userId: member.id,
        planId,
        status: 'active',
        paymentProviderSubscriptionId: 'sub_past',
        currentPeriodEnd: new Date(Date.now() - 1000),
      },
    ]);
    await db.insert(payments).values({
      organizationId: organization.id,
      userId: member.id,
      planId,
      amount: 4950,
      currency: 'eur',
      status: 'succeeded',
      paymentProvider: 'local',
      paymentProviderSessionId: 'cs_1',
      paymentProviderPaymentIntentId: 'pi_1',
      providerReference: 'cs_1',
      metadata: { email: 'pat@example.com', invoice: 'INV-1' },
    });
    const lapsed = (await lookup(key, member.id)).body.data;
    expect(lapsed.subscriptions).toHaveLength(2);
    expect(lapsed.hasValidPaywallSubscription).toBe(false);
    expect(lapsed.payments[0]).toMatchObject({
      userId: member.id,
      planId,
      jobId: null,
      amount: 49.5,
      currency: 'eur',
      status: 'succeeded',
      paymentProvider: 'local',
      paymentProviderSessionId: 'cs_1',
      paymentProviderPaymentIntentId: 'pi_1',
    });
    expect(Object.keys(lapsed.subscriptions[0]).sort()).toEqual([
      'cancelAt',
      'canceledAt',
      'currentPeriodEnd',
      'currentPeriodStart',
      'id',
      'jobsRemaining',
      'metadata',
      'organizationId',
      'paymentProviderSubscriptionId',
      'planId',
      'status',
      'userId',
    ]);
    await db.insert(subscriptions).values({
      organizationId: organization.id,
      userId: member.id,
      planId,
      status: 'trialing',
      paymentProviderSubscriptionId: 'sub_now',
      currentPeriodEnd: future,
    });
    expect((await lookup(key, member.id)).body.data.hasValidPaywallSubscription).toBe(true);
  });

  it('answers 400 for a lookup that is neither id nor email, and 404 for unknown or foreign members', async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    const foreign = (await add(other.key, { email: 'far@example.com', name: 'Far' })).body.data;
    for (const value of ['nobody', '12345', 'x@', '@example.com']) {
      const response = await lookup(key, value);
      expect(response.status, value).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.details[0].field).toBe('lookup');
    }
    for (const value of [newId(), 'ghost@example.com', foreign.id, 'far@example.com']) {
      const response = await lookup(key, value);
      expect(response.status, value).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect(
      (await call(getOne, { path: `/members/${foreign.id}`, params: { lookup: foreign.id } })).status,
    ).toBe(401);
  });

  it('lists newest first with search, role and approval filters', async () => {
    const { key } = await createTenant();
    await add(key, { email: 'ann@example.com', name: 'Ann Candidate' });
    await add(key, { email: 'bob@corp.example', name: 'Bob Employer', role: 'employer' });
    await add(key, { email: 'cy@corp.example', name: 'Cy Candidate' });
    const list = async (query: string) =>
      (await call(GET, { path: `/members${query}`, apiKey: key })).body as {
        data: { name: string }[];
        meta: { pagination: { total_items: number; has_more: boolean } };
      };
    const all = await list('');
    expect(all.data.map((m) => m.name)).toEqual(['Cy Candidate', 'Bob Employer', 'Ann Candidate']);
    expect(all.meta.pagination.total_items).toBe(3);
    expect((await list('?search=CORP.example')).data.map((m) => m.name)).toEqual([
      'Cy Candidate',
      'Bob Employer',
    ]);
    expect((await list('?search=ann')).data.map((m) => m.name)).toEqual(['Ann Candidate']);
    expect((await list('?search=%25')).data).toEqual([]);
    expect((await list('?role=employer')).data.map((m) => m.name)).toEqual(['Bob Employer']);
    expect((await list('?approval_status=pending')).data.map((m) => m.name)).toEqual(['Bob Employer']);
    const paged = await list('?per_page=2&page=1');
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.pagination.has_more).toBe(true);
    const bad = await call(GET, { path: '/members?role=admin', apiKey: key });
    expect(bad.status).toBe(400);
  });

  it('updates, approves and erases a member, keeping payments without the personal details', async () => {
    const { key, organization } = await createTenant();
    await subscribeToEverything(organization.id);
    const member = (await add(key, { email: 'lee@corp.example', name: 'Lee', role: 'employer' })).body.data;
    const patch = (lookupValue: string, body: unknown) =>
      call(PATCH, {
        method: 'PATCH',
        path: `/members/${lookupValue}`,
        apiKey: key,
        params: { lookup: lookupValue },
        body,
      });
    const approved = await patch(member.id, {
      approvalStatus: 'approved',
      profilePicture: 'https://cdn.example.com/lee.png',
      customFields: { team: 'Hiring' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      approvalStatus: 'approved',
      profilePicture: 'https://cdn.example.com/lee.png',
      customFields: { team: 'Hiring' },
      name: 'Lee',
    });
    expect(
      (await patch('LEE@corp.example', { name: 'Lee Park', customFields: null })).body.data,
    ).toMatchObject({
      name: 'Lee Park',
      customFields: null,
    });
    expect((await patch(member.id, {})).status).toBe(400);
    expect((await patch(member.id, { profilePicture: 'javascript:alert(1)' })).status).toBe(400);
    expect((await patch(newId(), { name: 'X' })).status).toBe(404);

    const db = await getDb();
    const [payment] = await db
      .insert(payments)
      .values({
        organizationId: organization.id,
        userId: member.id,
        amount: 9900,
        currency: 'usd',
        status: 'succeeded',
        paymentProvider: 'local',
        providerReference: 'cs_9',
        metadata: { email: 'lee@corp.example', name: 'Lee', invoice: 'INV-9' },
      })
      .returning();
    await db.insert(subscriptions).values({
      organizationId: organization.id,
      userId: member.id,
      planId: (await createTestPlan(organization.id)).id,
      status: 'active',
      paymentProviderSubscriptionId: 'sub_1',
    });

    const erased = await call(DELETE, {
      method: 'DELETE',
      path: `/members/${member.id}`,
      apiKey: key,
      params: { lookup: member.id },
    });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ id: member.id, deleted: true });
    expect((await lookup(key, member.id)).status).toBe(404);
    const [kept] = await db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(kept).toMatchObject({ userId: null, amount: 9900, metadata: { invoice: 'INV-9' } });
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toEqual([]);

    // The live subscription was ended at its provider before the erasure.
    expect((await emittedEvents(organization.id)).map((event) => event.type)).toEqual([
      'member.created',
      'member.updated',
      'member.updated',
      'subscription.updated',
      'member.deleted',
    ]);
  });
});
