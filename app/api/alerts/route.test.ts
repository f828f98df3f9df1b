import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { subscribeAlert } from '@/lib/alerts';
import { createMember } from '@/lib/members';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { DELETE, GET as getOne } from './[id]/route';
import { GET } from './route';

const ALERT_FIELDS = [
  'confirmed_at',
  'created_at',
  'email',
  'frequency',
  'id',
  'last_sent_at',
  'member_id',
  'search',
  'status',
  'unsubscribed_at',
  'updated_at',
];

let client = 0;

/** A pending alert (as from the board's form), or an active one made by a signed-in member. */
async function alertFor(
  organization: Awaited<ReturnType<typeof createTenant>>['organization'],
  email: string,
  fields: { q?: string; frequency?: 'instant' | 'daily' | 'weekly'; signedIn?: boolean } = {},
) {
  const db = await getDb();
  client += 1;
  const member = fields.signedIn
    ? await createMember(db, organization.id, { email, name: email, role: 'candidate' })
    : null;
  const { alert } = await subscribeAlert(
    db,
    organization,
    {
      email,
      frequency: fields.frequency ?? 'daily',
      q: fields.q ?? null,
      category: null,
      job_type: 'full-time',
      remote: true,
      location: null,
      salary_min: null,
    },
    { clientAddress: `192.0.2.${client % 250}`, member },
  );
  return alert;
}

const list = (key: string, query = '') => call(GET, { path: `/alerts${query}`, apiKey: key });

describe('GET /api/alerts', () => {
  it('lists the organization’s alerts newest first, filtered by email and status', async () => {
    const { key, organization } = await createTenant();
    const other = await createTenant();
    await alertFor(other.organization, 'elsewhere@example.com');
    const pending = await alertFor(organization, 'Pat@Example.com', { q: 'welder' });
    const active = await alertFor(organization, 'sam@example.com', { signedIn: true, frequency: 'weekly' });

    const all = await list(key);
    expect(all.status).toBe(200);
    expect(all.body.data.map((alert: { id: string }) => alert.id)).toEqual([active.id, pending.id]);
    expect(all.body.meta.pagination).toMatchObject({ total_items: 2, current_page: 1, per_page: 20 });
    expect(Object.keys(all.body.data[1]).sort()).toEqual(ALERT_FIELDS);
    expect(all.body.data[1]).toMatchObject({
      email: 'pat@example.com',
      member_id: null,
      search: { q: 'welder', category: null, job_type: 'full-time', remote: true, location: null },
      frequency: 'daily',
      status: 'pending',
      confirmed_at: null,
    });
    expect(all.body.data[0]).toMatchObject({
      status: 'active',
      frequency: 'weekly',
      member_id: expect.any(String),
    });

    expect((await list(key, '?email=PAT@example.com')).body.data.map((a: { id: string }) => a.id)).toEqual([
      pending.id,
    ]);
    expect((await list(key, '?status=active')).body.data.map((a: { id: string }) => a.id)).toEqual([
      active.id,
    ]);
    expect((await list(key, '?per_page=1&page=2')).body.data.map((a: { id: string }) => a.id)).toEqual([
      pending.id,
    ]);
  });

  it('answers 400 for an unknown status or page size, and 401 without a key', async () => {
    const { key } = await createTenant();
    const bad = await list(key, '?status=confirmed');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect((await list(key, '?per_page=500')).status).toBe(400);
    expect((await call(GET, { path: '/alerts' })).status).toBe(401);
  });
});

describe('GET and DELETE /api/alerts/{id}', () => {
  it('reads and deletes one alert; another organization’s alert is 404', async () => {
    const { key, organization } = await createTenant();
    const other = await createTenant();
    const alert = await alertFor(organization, 'one@example.com');
    const one = (path: string, handler = getOne, method = 'GET', apiKey = key) =>
      call(handler, { method, path: `/alerts/${path}`, apiKey, params: { id: path } });

    expect((await one(alert.id)).body.data).toMatchObject({ id: alert.id, email: 'one@example.com' });
    expect((await one(alert.id, getOne, 'GET', other.key)).status).toBe(404);
    expect((await one(alert.id, DELETE, 'DELETE', other.key)).status).toBe(404);
    expect((await one('not-a-uuid')).status).toBe(400);

    const removed = await one(alert.id, DELETE, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: alert.id, deleted: true });
    const gone = await one(alert.id);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('not_found');
    expect((await list(key)).body.data).toEqual([]);
  });
});
