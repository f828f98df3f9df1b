import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { checkoutSessions, members, paymentSettings, payments, plans, subscriptions } from '@/db/schema';
import { newId } from '@/lib/core/ids';
import { activePlans } from '@/lib/plans';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { DELETE, GET as getOne, PATCH } from './[id]/route';
import { GET, POST } from './route';

const PLAN_FIELDS = [
  'amount',
  'archived_at',
  'created_at',
  'currency',
  'description',
  'featured',
  'id',
  'interval',
  'is_active',
  'job_duration_days',
  'jobs_included',
  'kind',
  'name',
  'provider_price_id',
  'trial_days',
  'updated_at',
];

const create = (key: string, body: unknown) =>
  call(POST, { method: 'POST', path: '/plans', apiKey: key, body });
const read = (key: string, id: string) => call(getOne, { path: `/plans/${id}`, apiKey: key, params: { id } });
const patch = (key: string, id: string, body: unknown) =>
  call(PATCH, { method: 'PATCH', path: `/plans/${id}`, apiKey: key, params: { id }, body });
const remove = (key: string, id: string) =>
  call(DELETE, { method: 'DELETE', path: `/plans/${id}`, apiKey: key, params: { id } });
const list = (key: string, query = '') => call(GET, { path: `/plans${query}`, apiKey: key });

const jobPack = { name: 'Single job post', kind: 'job_post', amount: 4900 };

/** A succeeded payment for the plan, as the checkout would record it. */
async function paidWith(orgId: number, planId: string) {
  const db = await getDb();
  await db.insert(payments).values({
    organizationId: orgId,
    planId,
    amount: 49,
    currency: 'usd',
    status: 'succeeded',
    paymentProvider: 'local',
    providerReference: `x-${newId()}`,
  });
}

async function newMember(orgId: number) {
  const db = await getDb();
  const [member] = await db
    .insert(members)
    .values({ organizationId: orgId, email: `${newId()}@example.com`, name: 'Reader' })
    .returning();
  return member!;
}

/** An active subscription of a new member to the plan. */
async function subscribedTo(orgId: number, planId: string) {
  const db = await getDb();
  const member = await newMember(orgId);
  await db.insert(subscriptions).values({
    organizationId: orgId,
    userId: member.id,
    planId,
    status: 'active',
    paymentProviderSubscriptionId: `sub_${newId()}`,
  });
}

describe('POST /api/plans', () => {
  it('creates a job post plan with its defaults, and every field of the Plan shape', async () => {
    const { key } = await createTenant();
    const created = await create(key, { ...jobPack, description: '  One listing.  ' });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(PLAN_FIELDS);
    expect(created.body.data).toMatchObject({
      name: 'Single job post',
      description: 'One listing.',
      kind: 'job_post',
      amount: 4900,
      currency: 'USD',
      interval: 'one_time',
      jobs_included: 1,
      featured: false,
      job_duration_days: 30,
      trial_days: 0,
      is_active: true,
      provider_price_id: null,
      archived_at: null,
    });
    expect(created.body.data.created_at).toMatch(/Z$/);
    expect((await read(key, created.body.data.id)).body).toEqual(created.body);
  });

  it('creates subscription and paywall plans; a paywall renews monthly unless told otherwise', async () => {
    const { key } = await createTenant();
    const subscription = await create(key, {
      name: '  Hiring plan ',
      kind: 'job_subscription',
      amount: 19_900,
      currency: 'eur',
      interval: 'year',
      jobs_included: 10,
      featured: true,
      job_duration_days: 60,
      trial_days: 14,
      provider_price_id: 'price_123',
    });
    expect(subscription.status).toBe(201);
    expect(subscription.body.data).toMatchObject({
      name: 'Hiring plan',
      currency: 'EUR',
      interval: 'year',
      jobs_included: 10,
      featured: true,
      job_duration_days: 60,
      trial_days: 14,
      provider_price_id: 'price_123',
    });
    const paywall = await create(key, { name: 'Reader pass', kind: 'paywall', amount: 500, currency: 'JPY' });
    expect(paywall.status).toBe(201);
    expect(paywall.body.data).toMatchObject({ interval: 'month', jobs_included: null, currency: 'JPY' });
    // A paywall may be bought once, and carries a job duration it does not use.
    const lifetime = await create(key, {
      name: 'Lifetime',
      kind: 'paywall',
      amount: 0,
      interval: 'one_time',
      job_duration_days: 10,
    });
    expect(lifetime.status).toBe(201);
    expect(lifetime.body.data).toMatchObject({ interval: 'one_time', amount: 0, jobs_included: null });
  });

  it('takes the organization’s payment currency when none is sent, else USD', async () => {
    const { key, organization } = await createTenant();
    expect((await create(key, jobPack)).body.data.currency).toBe('USD');
    const db = await getDb();
    await db.insert(paymentSettings).values({ organizationId: organization.id, currency: 'GBP' });
    expect((await create(key, jobPack)).body.data.currency).toBe('GBP');
    expect((await create(key, { ...jobPack, currency: 'chf' })).body.data.currency).toBe('CHF');
  });

  it.each([
    ['name', { ...jobPack, name: undefined }],
    ['name', { ...jobPack, name: '   ' }],
    ['name', { ...jobPack, name: 'x'.repeat(201) }],
    ['description', { ...jobPack, description: 'x'.repeat(2001) }],
    ['kind', { ...jobPack, kind: undefined }],
    ['kind', { ...jobPack, kind: 'donation' }],
    ['amount', { ...jobPack, amount: undefined }],
    ['amount', { ...jobPack, amount: -1 }],
    ['amount', { ...jobPack, amount: 49.5 }],
    ['amount', { ...jobPack, amount: '4900' }],
    ['amount', { ...jobPack, amount: 100_000_000 }],
    ['currency', { ...jobPack, currency: 'XYZ' }],
    ['currency', { ...jobPack, currency: 'usd1' }],
    ['currency', { ...jobPack, currency: '' }],
    ['currency', { ...jobPack, currency: 840 }],
    ['interval', { ...jobPack, interval: 'week' }],
    ['interval', { ...jobPack, interval: 'month' }],
    ['interval', { name: 'Subscription', kind: 'job_subscription', amount: 100, jobs_included: 3 }],
    [
      'interval',
      { name: 'Sub', kind: 'job_subscription', amount: 100, jobs_included: 3, interval: 'one_time' },
    ],
    ['jobs_included', { name: 'Sub', kind: 'job_subscription', amount: 100, interval: 'month' }],
    ['jobs_included', { ...jobPack, jobs_included: 0 }],
    ['jobs_included', { ...jobPack, jobs_included: null }],
    ['jobs_included', { ...jobPack, jobs_included: 1.5 }],
    ['jobs_included', { name: 'Pass', kind: 'paywall', amount: 500, jobs_included: 1 }],
    ['trial_days', { ...jobPack, trial_days: 7 }],
    ['trial_days', { name: 'Pass', kind: 'paywall', amount: 500, trial_days: 731 }],
    ['trial_days', { name: 'Pass', kind: 'paywall', amount: 500, trial_days: -1 }],
    ['trial_days', { name: 'Pass', kind: 'paywall', amount: 500, interval: 'one_time', trial_days: 3 }],
    ['job_duration_days', { ...jobPack, job_duration_days: 0 }],
    ['job_duration_days', { ...jobPack, job_duration_days: 366 }],
    ['featured', { ...jobPack, featured: 'yes' }],
    ['is_active', { ...jobPack, is_active: 1 }],
  ] as const)('refuses a bad %s with 400 validation_error (case %#)', async (field, body) => {
    const { key } = await createTenant();
    const response = await create(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details).toEqual([
      expect.objectContaining({ location: 'body', field, path: [field], message: expect.any(String) }),
    ]);
    expect((await list(key, '?include_archived=true')).body.data).toEqual([]);
  });

  it('lists every problem of the body at once, and refuses no body or malformed JSON', async () => {
    const { key } = await createTenant();
    const many = await create(key, { name: '', kind: 'job_post', amount: -5, currency: 'XYZ' });
    expect(many.status).toBe(400);
    expect(many.body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'amount',
      'currency',
      'name',
    ]);
    const combination = await create(key, { ...jobPack, interval: 'month', jobs_included: null });
    expect(combination.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'interval',
      'jobs_included',
    ]);
    expect(
      (await call(POST, { method: 'POST', path: '/plans', apiKey: key, body: '{"name":' })).body.error.code,
    ).toBe('invalid_json');
    expect((await call(POST, { method: 'POST', path: '/plans', apiKey: key })).status).toBe(400);
  });

  it('needs an API key, and a key that may write', async () => {
    expect((await call(POST, { method: 'POST', path: '/plans', body: jobPack })).status).toBe(401);
    const { key } = await createTenant({ scope: 'read_only' });
    const refused = await create(key, jobPack);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });
});

describe('GET /api/plans', () => {
  it('lists the organization’s plans oldest first, paginated, filtered by kind and is_active', async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    await create(other.key, jobPack);
    const single = (await create(key, jobPack)).body.data;
    const pass = (await create(key, { name: 'Pass', kind: 'paywall', amount: 900, is_active: false })).body
      .data;
    const sub = (
      await create(key, {
        name: 'Sub',
        kind: 'job_subscription',
        amount: 9900,
        interval: 'month',
        jobs_included: 5,
      })
    ).body.data;

    const all = await list(key);
    expect(all.status).toBe(200);
    expect(all.body.data.map((plan: { id: string }) => plan.id)).toEqual([single.id, pass.id, sub.id]);
    expect(all.body.meta.pagination).toEqual({
      current_page: 1,
      per_page: 20,
      total_items: 3,
      total_pages: 1,
      has_more: false,
    });
    const ids = async (query: string) =>
      (await list(key, query)).body.data.map((plan: { id: string }) => plan.id);
    expect(await ids('?kind=paywall')).toEqual([pass.id]);
    expect(await ids('?is_active=false')).toEqual([pass.id]);
    expect(await ids('?is_active=true&kind=job_subscription')).toEqual([sub.id]);
    const paged = await list(key, '?per_page=2&page=2');
    expect(paged.body.data.map((plan: { id: string }) => plan.id)).toEqual([sub.id]);
    expect(paged.body.meta.pagination).toMatchObject({ current_page: 2, total_pages: 2, has_more: false });
    expect((await list(key, '?per_page=2')).body.meta.pagination.has_more).toBe(true);
  });

  it.each([
    ['kind', '?kind=donation'],
    ['is_active', '?is_active=maybe'],
    ['include_archived', '?include_archived=yes'],
    ['per_page', '?per_page=101'],
    ['page', '?page=0'],
  ])('refuses a bad %s with 400', async (field, query) => {
    const { key } = await createTenant();
    const response = await list(key, query);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details[0]).toMatchObject({ location: 'query', field });
  });
});

describe('GET, PATCH and DELETE /api/plans/{id}', () => {
  it('answers 400 for an id that is not a UUID, and 404 for unknown and other organizations’ plans', async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    const foreign = (await create(other.key, jobPack)).body.data;
    for (const [name, request] of [
      ['GET', (id: string) => read(key, id)],
      ['PATCH', (id: string) => patch(key, id, { name: 'Mine now' })],
      ['DELETE', (id: string) => remove(key, id)],
    ] as const) {
      const bad = await request('not-a-uuid');
      expect(bad.status, name).toBe(400);
      expect(bad.body.error.details[0]).toMatchObject({ location: 'path', field: 'id' });
      for (const id of [newId(), foreign.id]) {
        const missing = await request(id);
        expect(missing.status, name).toBe(404);
        expect(missing.body.error).toMatchObject({ code: 'not_found', message: 'Plan not found.' });
      }
    }
    // Untouched for its own organization.
    expect((await read(other.key, foreign.id)).body.data).toEqual(foreign);
  });

  it('updates any field, checking the stored plan merged with the patch', async () => {
    const { key } = await createTenant();
    const plan = (await create(key, { ...jobPack, description: 'One listing' })).body.data;
    const renamed = await patch(key, plan.id, {
      name: ' Job post + ',
      description: '',
      amount: 5900,
      currency: 'eur',
      featured: true,
      jobs_included: 3,
      job_duration_days: 45,
      is_active: false,
      provider_price_id: 'price_9',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      id: plan.id,
      name: 'Job post +',
      description: null,
      amount: 5900,
      currency: 'EUR',
      featured: true,
      jobs_included: 3,
      job_duration_days: 45,
      is_active: false,
      provider_price_id: 'price_9',
      kind: 'job_post',
      interval: 'one_time',
      created_at: plan.created_at,
    });
    // Unsold, it may become another kind when the rest goes with it.
    const pass = await patch(key, plan.id, {
      kind: 'paywall',
      interval: 'year',
      jobs_included: null,
      trial_days: 7,
    });
    expect(pass.status).toBe(200);
    expect(pass.body.data).toMatchObject({
      kind: 'paywall',
      interval: 'year',
      jobs_included: null,
      trial_days: 7,
    });
    expect((await read(key, plan.id)).body.data).toEqual(pass.body.data);
  });

  it.each([
    ['body', {}],
    ['body', { id: newId(), created_at: '2020-01-01T00:00:00Z' }],
    ['name', { name: ' ' }],
    ['amount', { amount: -100 }],
    ['amount', { amount: 1.25 }],
    ['currency', { currency: 'XYZ' }],
    ['kind', { kind: 'donation' }],
    ['interval', { interval: 'month' }],
    ['interval', { kind: 'job_subscription' }],
    ['jobs_included', { jobs_included: null }],
    ['jobs_included', { kind: 'paywall', interval: 'month' }],
    ['trial_days', { trial_days: 5 }],
    ['job_duration_days', { job_duration_days: 400 }],
  ] as const)('refuses a patch of %s that leaves a bad plan with 400 (case %#)', async (field, body) => {
    const { key } = await createTenant();
    const plan = (await create(key, jobPack)).body.data;
    const response = await patch(key, plan.id, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details[0]).toMatchObject({ location: 'body', field });
    expect((await read(key, plan.id)).body.data).toEqual(plan);
  });

  it('fixes kind and interval once a payment or subscription refers to the plan (409), not the rest', async () => {
    const { key, organization } = await createTenant();
    const sold = (await create(key, jobPack)).body.data;
    await paidWith(organization.id, sold.id);
    const kindChange = await patch(key, sold.id, { kind: 'paywall', jobs_included: null, interval: 'month' });
    expect(kindChange.status).toBe(409);
    expect(kindChange.body.error.code).toBe('conflict');
    expect(kindChange.body.error.message).toMatch(/Payments or subscriptions were made with this plan/);
    expect(kindChange.body.error.message).toMatch(/kind and interval cannot change/);

    const monthly = (
      await create(key, {
        name: 'Sub',
        kind: 'job_subscription',
        amount: 9900,
        interval: 'month',
        jobs_included: 5,
      })
    ).body.data;
    await subscribedTo(organization.id, monthly.id);
    const intervalChange = await patch(key, monthly.id, { interval: 'year' });
    expect(intervalChange.status).toBe(409);
    expect(intervalChange.body.error.message).toMatch(/its interval cannot change/);

    // The same kind again is no change; prices and the rest apply to new purchases.
    const repriced = await patch(key, sold.id, {
      kind: 'job_post',
      amount: 6900,
      currency: 'EUR',
      name: 'Post',
    });
    expect(repriced.status).toBe(200);
    expect(repriced.body.data).toMatchObject({
      kind: 'job_post',
      amount: 6900,
      currency: 'EUR',
      name: 'Post',
    });
    expect((await patch(key, monthly.id, { jobs_included: 8, trial_days: 30 })).status).toBe(200);
  });

  it('deletes a plan nothing refers to; GET is 404 afterwards', async () => {
    const { key, organization } = await createTenant();
    const plan = (await create(key, jobPack)).body.data;
    const deleted = await remove(key, plan.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { id: plan.id, deleted: true } });
    expect((await read(key, plan.id)).status).toBe(404);
    expect((await remove(key, plan.id)).status).toBe(404);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(plans)
        .where(and(eq(plans.organizationId, organization.id), eq(plans.id, plan.id))),
    ).toEqual([]);
  });

  it('archives a plan that payments or subscriptions refer to, keeps it readable, and can restore it', async () => {
    const { key, organization } = await createTenant();
    const paid = (await create(key, jobPack)).body.data;
    const subscribed = (await create(key, { name: 'Pass', kind: 'paywall', amount: 900 })).body.data;
    await paidWith(organization.id, paid.id);
    await subscribedTo(organization.id, subscribed.id);

    for (const plan of [paid, subscribed]) {
      const archived = await remove(key, plan.id);
      expect(archived.status).toBe(200);
      expect(archived.body.data).toMatchObject({ id: plan.id, is_active: false, name: plan.name });
      expect(archived.body.data.archived_at).toMatch(/Z$/);
      expect((await read(key, plan.id)).body.data).toEqual(archived.body.data);
      // Deleting it again keeps the first archive time.
      expect((await remove(key, plan.id)).body.data.archived_at).toBe(archived.body.data.archived_at);
    }
    expect((await list(key)).body.data).toEqual([]);
    expect((await list(key, '?include_archived=true')).body.meta.pagination.total_items).toBe(2);

    const restored = await patch(key, paid.id, { is_active: true });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ is_active: true, archived_at: null });
    expect((await list(key)).body.data.map((plan: { id: string }) => plan.id)).toEqual([paid.id]);
  });
  it('archives rather than fails when something else still refers to the plan, such as an open checkout', async () => {
    const { key, organization } = await createTenant();
    const plan = (await create(key, jobPack)).body.data;
    const db = await getDb();
    await db.insert(checkoutSessions).values({
      id: `lcs_${newId()}`,
      organizationId: organization.id,
      provider: 'local',
      memberId: (await newMember(organization.id)).id,
      planId: plan.id,
      mode: 'payment',
      url: 'http://localhost:3000/checkout',
    });
    const archived = await remove(key, plan.id);
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({
      id: plan.id,
      is_active: false,
      archived_at: expect.any(String),
    });
  });
});

describe('activePlans', () => {
  it('offers the active, unarchived plans of the organization, cheapest first, optionally of one kind', async () => {
    const { key, organization } = await createTenant();
    const other = await createTenant();
    await create(other.key, { ...jobPack, amount: 1 });
    const premium = (await create(key, { ...jobPack, name: 'Premium', amount: 9900, jobs_included: 3 })).body
      .data;
    const basic = (await create(key, { ...jobPack, name: 'Basic', amount: 4900 })).body.data;
    const pass = (await create(key, { name: 'Pass', kind: 'paywall', amount: 500 })).body.data;
    await create(key, { ...jobPack, name: 'Hidden', amount: 100, is_active: false });
    const archived = (await create(key, { ...jobPack, name: 'Old', amount: 200 })).body.data;
    await paidWith(organization.id, archived.id);
    await remove(key, archived.id);

    const db = await getDb();
    expect((await activePlans(db, organization.id)).map((plan) => plan.id)).toEqual([
      pass.id,
      basic.id,
      premium.id,
    ]);
    expect((await activePlans(db, organization.id, 'job_post')).map((plan) => plan.name)).toEqual([
      'Basic',
      'Premium',
    ]);
  });
});
