import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { saveMailTemplate } from '@/lib/applications';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { POST as apply } from '../jobs/[id]/applications/route';
import { POST as createJob } from '../jobs/route';
import { PATCH, GET as readOne } from './[id]/route';
import { GET } from './route';

async function jobFor(key: string) {
  const response = await call(createJob, {
    method: 'POST',
    path: '/jobs',
    apiKey: key,
    body: { title: 'Barista', description: 'Coffee.', company_name: 'Bean' },
  });
  return response.body.data.id as string;
}

const submit = (key: string, jobId: string, body: Record<string, unknown>) =>
  call(apply, {
    method: 'POST',
    path: `/jobs/${jobId}/applications`,
    apiKey: key,
    params: { id: jobId },
    body,
  });

const move = (key: string, id: string, status: string) =>
  call(PATCH, {
    method: 'PATCH',
    path: `/applications/${id}`,
    apiKey: key,
    params: { id },
    body: { status },
  });

describe('applications', () => {
  it('are added to a job with 201 and every field', async () => {
    const { key } = await createTenant();
    const jobId = await jobFor(key);
    const response = await submit(key, jobId, {
      name: 'Ada Lovelace',
      email: 'ADA@example.com',
      phone: '+44 20 7946 0000',
      cover_letter: 'I love coffee.',
      resume_url: 'https://cdn.example/ada.pdf',
      answers: { years_experience: 5, latte_art: true },
      source: 'greenhouse',
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.any(String),
      job_id: jobId,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      cover_letter: 'I love coffee.',
      resume_url: 'https://cdn.example/ada.pdf',
      answers: { years_experience: 5, latte_art: true },
      status: 'pending',
      source: 'greenhouse',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await call(readOne, {
      path: '/applications/x',
      apiKey: key,
      params: { id: response.body.data.id },
    });
    expect(read.body.data).toEqual(response.body.data);
  });

  it.each([
    ['no name', { email: 'a@b.example' }, 'name'],
    ['a bad email', { name: 'A', email: 'nope' }, 'email'],
    [
      'a non-http resume',
      { name: 'A', email: 'a@b.example', resume_url: 'file:///etc/passwd' },
      'resume_url',
    ],
    ['an unknown status', { name: 'A', email: 'a@b.example', status: 'interviewing' }, 'status'],
    ['answers that are not an object', { name: 'A', email: 'a@b.example', answers: [1, 2] }, 'answers'],
  ])('answer 400 for %s', async (_case, body, field) => {
    const { key } = await createTenant();
    const response = await submit(key, await jobFor(key), body);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });

  it('answer 404 for a job of another organization', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const response = await submit(b.key, await jobFor(a.key), { name: 'A', email: 'a@b.example' });
    expect(response.status).toBe(404);
  });

  it('list with job and status filters, paginated, scoped to the organization', async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    const first = await jobFor(key);
    const second = await jobFor(key);
    for (let i = 0; i < 3; i++) await submit(key, first, { name: `First ${i}`, email: `f${i}@x.example` });
    await submit(key, second, { name: 'Second', email: 's@x.example', status: 'shortlisted' });
    await submit(other.key, await jobFor(other.key), { name: 'Elsewhere', email: 'e@x.example' });

    const all = await call(GET, { path: '/applications', apiKey: key });
    expect(all.body.data.map((a: { name: string }) => a.name)).toEqual([
      'Second',
      'First 2',
      'First 1',
      'First 0',
    ]);
    expect(all.body.meta.pagination).toEqual({
      current_page: 1,
      per_page: 20,
      total_items: 4,
      total_pages: 1,
      has_more: false,
    });
    const byJob = await call(GET, { path: `/applications?job_id=${first}&per_page=2`, apiKey: key });
    expect(byJob.body.data).toHaveLength(2);
    expect(byJob.body.meta.pagination).toMatchObject({ total_items: 3, total_pages: 2, has_more: true });
    const byStatus = await call(GET, { path: '/applications?status=shortlisted', apiKey: key });
    expect(byStatus.body.data.map((a: { name: string }) => a.name)).toEqual(['Second']);
  });

  it.each([
    ['?status=interviewing', 'status'],
    ['?job_id=42', 'job_id'],
    ['?per_page=500', 'per_page'],
    ['?page=-1', 'page'],
  ])('list answers 400 for %s', async (query, field) => {
    const { key } = await createTenant();
    const response = await call(GET, { path: `/applications${query}`, apiKey: key });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });

  it('move along the pipeline; hired and rejected are final; backward moves are refused', async () => {
    const { key } = await createTenant();
    const jobId = await jobFor(key);
    const id = (await submit(key, jobId, { name: 'A', email: 'a@x.example' })).body.data.id;
    expect((await move(key, id, 'reviewed')).body.data.status).toBe('reviewed');
    const backward = await move(key, id, 'pending');
    expect(backward.status).toBe(400);
    expect(backward.body.error.message).toBe(
      'An application that is reviewed can move to shortlisted, hired, rejected, not pending.',
    );
    expect((await move(key, id, 'reviewed')).status).toBe(200);
    expect((await move(key, id, 'hired')).body.data.status).toBe('hired');
    const final = await move(key, id, 'rejected');
    expect(final.status).toBe(400);
    expect(final.body.error.message).toContain('is final');

    const skipped = (await submit(key, jobId, { name: 'B', email: 'b@x.example' })).body.data.id;
    expect((await move(key, skipped, 'shortlisted')).body.data.status).toBe('shortlisted');
    expect((await move(key, skipped, 'rejected')).body.data.status).toBe('rejected');
  });

  it('cannot be moved by another organization', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const id = (await submit(a.key, await jobFor(a.key), { name: 'A', email: 'a@x.example' })).body.data.id;
    expect((await move(b.key, id, 'reviewed')).status).toBe(404);
    expect((await call(readOne, { path: '/applications/x', apiKey: b.key, params: { id } })).status).toBe(
      404,
    );
  });
});

describe('a status change through the API', () => {
  it('mails the applicant as the owner configured in the dashboard, and the answer keeps its fields', async () => {
    const { key, organization } = await createTenant();
    const db = await getDb();
    await saveMailTemplate(db, organization.id, {
      status: 'hired',
      enabled: true,
      subject: 'Welcome, {{name}}',
      body: 'You are hired as {{job_title}}.',
    });
    const jobId = await jobFor(key);
    const reviewed = await submit(key, jobId, { name: 'Alan', email: 'alan@example.com' });
    const ignored = await submit(key, jobId, { name: 'Ada', email: 'ada@example.com' });
    expect((await move(key, reviewed.body.data.id, 'reviewed')).status).toBe(200);
    const hired = await move(key, reviewed.body.data.id, 'hired');
    expect(hired.status).toBe(200);
    expect(Object.keys(hired.body.data).sort()).toEqual(Object.keys(ignored.body.data).sort());
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, organization.id), eq(mailOutbox.kind, 'application_status')));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['alan@example.com', 'Welcome, Alan']]);
    expect(mails[0]!.text).toContain('You are hired as Barista.');
  });
});
