// Job source syncs against recorded responses served from loopback: field-by-field mapping per kind,
// idempotent re-syncs, updates, expiry on removal, failures that keep jobs, the SSRF guard, the
// size and time limits, conditional requests and one run at a time.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobSourceRuns, jobs, webhookEvents } from '@/db/schema';
import { getJob } from '@/lib/jobs';
import { createSubscription } from '@/lib/webhooks/subscriptions';
import { createTenant } from '@/test/factories';
import { createJobSource, getJobSource } from './service';
import { claimRun } from './sync';
import { openDueRuns, requestSync, runJobSourceWorker } from './worker';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/job-sources');
const fixture = (file: string) => readFileSync(path.join(fixtures, file), 'utf8');
const network = { allowPrivateNetwork: true };

/** Serves `documents[path]` with an ETag and Last-Modified, answering 304 to a matching conditional request. */
const documents: Record<string, { body: string; status?: number; type?: string; hang?: boolean }> = {};
const requests: { path: string; ifNoneMatch?: string; ifModifiedSince?: string }[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push({
      path: url,
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: request.headers['if-modified-since'],
    });
    const document = documents[url];
    if (!document) return response.writeHead(404).end('not found');
    if (document.hang) return;
    const etag = `"${createHash('sha256').update(document.body).digest('hex').slice(0, 16)}"`;
    const lastModified = 'Tue, 20 Jan 2026 10:00:00 GMT';
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, { etag }).end();
    response
      .writeHead(document.status ?? 200, {
        'content-type': document.type ?? 'application/json',
        etag,
        'last-modified': lastModified,
      })
      .end(document.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function sourceFor(
  kind: 'greenhouse' | 'lever' | 'ashby' | 'xml',
  file: string,
  settings: {
    company_name?: string | null;
    category?: string;
    status_for_new_jobs?: 'active' | 'pending';
  } = {},
) {
  const { organization } = await createTenant();
  // Each kind's real endpoint path, under a prefix of its own per test.
  const board = file.includes('vaulttec') ? 'vaulttec' : file.includes('airbnb') ? 'airbnb' : 'leverdemo';
  const endpoint = {
    greenhouse: `/v1/boards/${board}/jobs?content=true`,
    lever: '/v0/postings/leverdemo?mode=json',
    ashby: '/posting-api/job-board/example?includeCompensation=true',
    xml: `/${path.basename(file)}`,
  }[kind];
  const route = `/${organization.id}${endpoint}`;
  documents[route] = { body: fixture(file), type: kind === 'xml' ? 'application/xml' : 'application/json' };
  const db = await getDb();
  const source = await createJobSource(
    db,
    organization.id,
    {
      kind,
      url: `${base}${route}`,
      status_for_new_jobs: settings.status_for_new_jobs ?? 'active',
      is_enabled: true,
      sync_interval_minutes: 60,
      company_name: settings.company_name,
      category: settings.category,
    },
    network,
  );
  return { orgId: organization.id, source, route };
}

async function sync(orgId: number, id: string, options: Parameters<typeof runJobSourceWorker>[1] = {}) {
  const db = await getDb();
  await requestSync(db, orgId, id);
  await runJobSourceWorker(db, { network, ...options });
  return (await getJobSource(db, orgId, id)).last_run!;
}

async function jobsOf(orgId: number, sourceId: string) {
  const db = await getDb();
  const rows = await db
    .select({ id: jobs.id, externalId: jobs.externalId })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.sourceId, sourceId)));
  const out = await Promise.all(rows.map((row) => getJob(db, orgId, row.id)));
  return new Map(out.map((job) => [job.external_id!, job]));
}

async function eventCount(orgId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ total: count() })
    .from(webhookEvents)
    .where(eq(webhookEvents.organizationId, orgId));
  return row!.total;
}

describe('job sources: mapping each kind field by field', () => {
  it('Greenhouse: unescapes and sanitizes content, takes absolute_url, location and the company from the URL', async () => {
    const { orgId, source } = await sourceFor('greenhouse', 'greenhouse/vaulttec-docs.json', {
      category: 'Security',
    });
    const run = await sync(orgId, source.id);
    expect(run).toMatchObject({ status: 'succeeded', postings: 1, created: 1, failed: 0, error: null });
    const job = (await jobsOf(orgId, source.id)).get('127817')!;
    expect(job).toMatchObject({
      title: 'Bad Cop',
      company_name: 'Vaulttec',
      location: 'NYC',
      workplace_type: 'on_site',
      is_remote: false,
      how_to_apply: 'https://boards.greenhouse.io/vaulttec/jobs/127817',
      how_to_apply_method: 'form-external',
      status: 'active',
      expires_at: null,
      salary_min: null,
      category: 'Security',
      source_id: source.id,
      external_id: '127817',
    });
    expect(job.description_html).toBe(
      "<p>The Rule Enforcement team is dedicated to keeping all employees in line. \u00a0Rule enforcers use\u00a0various tactics such as physical intimidation, awkward pauses, and dramatic coffee sips in order to make sure everyone does what they're told.</p>",
    );
  });

  it('Greenhouse without content=true: every posting fails with what to fix, no job is made', async () => {
    const { orgId, source } = await sourceFor('greenhouse', 'greenhouse/airbnb.json');
    const run = await sync(orgId, source.id);
    expect(run).toMatchObject({ status: 'succeeded', postings: 4, created: 0, failed: 4 });
    expect(run.failures[0]).toEqual({
      external_id: '7434393',
      message: 'description: the posting has no content (add ?content=true to the URL)',
    });
    expect((await jobsOf(orgId, source.id)).size).toBe(0);
  });

  it('Lever: description with lists and closing, commitment, workplaceType, salaryRange and applyUrl', async () => {
    const { orgId, source } = await sourceFor('lever', 'lever/example-docs.json', {
      status_for_new_jobs: 'pending',
    });
    const run = await sync(orgId, source.id);
    expect(run).toMatchObject({ created: 2, failed: 0 });
    const byId = await jobsOf(orgId, source.id);
    expect(byId.get('5ac21346-8e0c-4494-8e7a-3eb92ff77902')).toMatchObject({
      title: 'Senior Account Executive',
      company_name: 'Leverdemo',
      location: 'San Francisco, CA',
      workplace_type: 'hybrid',
      job_type: 'full-time',
      salary_min: 120000,
      salary_max: 150000,
      salary_currency: 'USD',
      salary_period: 'yearly',
      how_to_apply: 'https://jobs.lever.co/leverdemo/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply',
      how_to_apply_method: 'form-external',
      status: 'pending',
      published_at: new Date(1521672942421).toISOString(),
    });
    const html = byId.get('5ac21346-8e0c-4494-8e7a-3eb92ff77902')!.description_html;
    expect(html).toContain("<h3>What you'll do</h3><ul><li><p>Build pipeline</p></li>");
    expect(html).toContain('We are an equal opportunity employer.');
    expect(byId.get('0d3c5e42-1b9f-4c1d-9a56-2b0b8f1d7e11')).toMatchObject({
      workplace_type: 'remote',
      is_remote: true,
      job_type: 'part-time',
      salary_min: null,
    });
  });

  it('Ashby: leaves unlisted jobs out, reads the Salary component, employmentType and workplaceType', async () => {
    const { orgId, source } = await sourceFor('ashby', 'ashby/example-docs.json', {
      company_name: 'Example Ltd',
    });
    const run = await sync(orgId, source.id);
    expect(run).toMatchObject({ postings: 2, created: 2, failed: 0 });
    const byId = await jobsOf(orgId, source.id);
    expect(byId.has('9f0e2d1c-7b6a-4e5d-8c3b-2a1f0e9d8c7b')).toBe(false);
    expect(byId.get('4b1a3b8e-1c7e-4f0e-9d59-6e2f1e0c2a10')).toMatchObject({
      title: 'Product Designer',
      company_name: 'Example Ltd',
      location: 'London',
      workplace_type: 'hybrid',
      job_type: 'full-time',
      salary_min: 70000,
      salary_max: 90000,
      salary_currency: 'GBP',
      salary_period: 'yearly',
      how_to_apply: 'https://jobs.ashbyhq.com/example/4b1a3b8e-1c7e-4f0e-9d59-6e2f1e0c2a10/application',
      description_html:
        '<p><strong>About us</strong></p><p>We design tools people love.</p><ul><li><p>Own the design system</p></li></ul>',
    });
    expect(byId.get('1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6')).toMatchObject({
      workplace_type: 'remote',
      job_type: 'part-time',
      salary_min: 25,
      salary_max: 32,
      salary_period: 'hourly',
      salary_currency: 'USD',
    });
  });

  it('XML (PeoplePro): trims padded CDATA, decodes entities of text descriptions, location from city, state, country', async () => {
    const { orgId, source } = await sourceFor('xml', 'xml/people-pro.xml');
    const run = await sync(orgId, source.id);
    expect(run).toMatchObject({ postings: 2, created: 2, failed: 0 });
    const job = (await jobsOf(orgId, source.id)).get('41647')!;
    expect(job).toMatchObject({
      title: 'Residente de Obra',
      company_name: 'GRUPO TRES PICOS',
      location: 'Juárez, Chihuahua, Mexico',
      workplace_type: 'on_site',
      how_to_apply:
        'https://people-pro.com/vacante/41647/residente-de-obra?utm_source=Indeed&utm_medium=referral&utm_campaign=Indeed',
      how_to_apply_method: 'form-external',
      salary_min: null,
    });
    expect(job.description).toMatch(/^Requisitos: Escolaridad: Arquitectura o Ingeniería Civil/);
  });

  it('XML (Loxo): a job whose city is Remote is remote; fulltime is full-time', async () => {
    const { orgId, source } = await sourceFor('xml', 'xml/remotetalents-loxo.xml');
    await sync(orgId, source.id);
    expect((await jobsOf(orgId, source.id)).get('205584')).toMatchObject({
      title: 'Accountmanager',
      company_name: 'RemoteTalents',
      location: 'Remote, NL',
      workplace_type: 'remote',
      job_type: 'full-time',
      how_to_apply: 'https://roy-remotetalents-nl.app.loxo.co/job/Mzg2MjYtYzduMG94dWg4cGJ5MmdxZA==',
    });
  });

  it('XML (eRecruiter): a repeated referencenumber imports once; an empty company falls back to the host', async () => {
    const { orgId, source } = await sourceFor('xml', 'xml/paretti-erecruiter.xml');
    const run = await sync(orgId, source.id);
    expect(run).toMatchObject({ postings: 3, created: 1, failed: 2 });
    expect(run.failures[0]!.message).toMatch(/more than once/);
    const job = (await jobsOf(orgId, source.id)).get('45424-20132496')!;
    expect(job).toMatchObject({
      title: 'Specjalista do spraw rekrutacji zagranicznych',
      location: 'Opole, opolskie, PL',
    });
    expect(job.company_name).toBe('127.0.0.1');
    expect(job.description_html).toContain('<li><p>pozyskiwanie klientów z rynków zagranicznych,</p></li>');
  });
});

describe('job sources: re-syncs', () => {
  it('leave unchanged jobs untouched, update changed ones, expire removed ones and reopen returning ones', async () => {
    const { orgId, source, route } = await sourceFor('lever', 'lever/example-docs.json');
    const db = await getDb();
    await createSubscription(db, orgId, {
      event: '*',
      target_type: 'webhook',
      target_url: 'https://hooks.example.com/x',
    });
    await sync(orgId, source.id);
    const before = await jobsOf(orgId, source.id);
    const events = await eventCount(orgId);

    // Same document, served fresh (no validators): every posting hashes the same.
    await (await getDb()).execute(
      `update job_sources set etag = null, last_modified = null where id = '${source.id}'`,
    );
    const again = await sync(orgId, source.id);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, expired: 0, not_modified: false });
    const after = await jobsOf(orgId, source.id);
    for (const [id, job] of before) expect(after.get(id)!.updated_at).toBe(job.updated_at);
    expect(await eventCount(orgId)).toBe(events);

    // The conditional request: the server answers 304 and nothing is read.
    const conditional = await sync(orgId, source.id);
    expect(conditional).toMatchObject({ not_modified: true, postings: null, unchanged: 0 });
    expect(requests.at(-1)!.ifNoneMatch).toMatch(/^"/);
    expect(requests.at(-1)!.ifModifiedSince).toBe('Tue, 20 Jan 2026 10:00:00 GMT');

    // One posting changed, one left.
    const postings = JSON.parse(fixture('lever/example-docs.json'));
    postings[0].text = 'Principal Account Executive';
    documents[route] = { body: JSON.stringify([postings[0]]) };
    const changed = await sync(orgId, source.id);
    expect(changed).toMatchObject({ updated: 1, unchanged: 0, expired: 1 });
    const now = await jobsOf(orgId, source.id);
    expect(now.get(postings[0].id)).toMatchObject({ title: 'Principal Account Executive', status: 'active' });
    expect(now.get(postings[1].id)).toMatchObject({ status: 'expired' });
    expect(await eventCount(orgId)).toBe(events + 3); // job.updated; job.updated and job.expired

    // It comes back: the job opens again.
    documents[route] = { body: JSON.stringify(postings) };
    const back = await sync(orgId, source.id);
    expect(back).toMatchObject({ updated: 1, unchanged: 1, expired: 0 });
    expect((await jobsOf(orgId, source.id)).get(postings[1].id)).toMatchObject({ status: 'active' });
  });

  it('a failing source keeps its jobs and records the error', async () => {
    const { orgId, source, route } = await sourceFor('ashby', 'ashby/example-docs.json');
    await sync(orgId, source.id);
    const before = await jobsOf(orgId, source.id);
    for (const [document, error] of [
      [{ body: 'upstream down', status: 503 }, 'http_status: the source answered 503'],
      [{ body: '<html>maintenance</html>' }, 'invalid_document: The response is not JSON.'],
      [
        { body: '{"error":"gone"}' },
        'invalid_document: Expected an Ashby job board answer: an object with a `jobs` array.',
      ],
    ] as const) {
      documents[route] = document;
      await (await getDb()).execute(`update job_sources set etag = null where id = '${source.id}'`);
      const run = await sync(orgId, source.id);
      expect(run).toMatchObject({ status: 'failed', error, expired: 0, created: 0 });
    }
    const after = await jobsOf(orgId, source.id);
    for (const [id, job] of before) expect(after.get(id)).toEqual(job);
  });
});

describe('job sources: limits and guards', () => {
  it('refuses loopback without the private-network flag', async () => {
    const { orgId, source } = await sourceFor('lever', 'lever/example-docs.json');
    const run = await sync(orgId, source.id, { network: { allowPrivateNetwork: false, allowHttp: true } });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^blocked_target: 127\.0\.0\.1 is/);
    expect((await jobsOf(orgId, source.id)).size).toBe(0);
  });

  it('fails a response over the size limit and one that does not come in time', async () => {
    const { orgId, source, route } = await sourceFor('lever', 'lever/example-docs.json');
    const tooLarge = await sync(orgId, source.id, { maxResponseBytes: 100 });
    expect(tooLarge.error).toBe('too_large: the response is larger than 100 bytes');
    documents[route] = { body: '', hang: true };
    const slow = await sync(orgId, source.id, { timeoutMs: 300 });
    expect(slow.error).toBe('timeout: no complete response within 300 ms');
    expect((await jobsOf(orgId, source.id)).size).toBe(0);
  });

  it('never runs one source twice at once', async () => {
    const { orgId, source } = await sourceFor('lever', 'lever/example-docs.json');
    const db = await getDb();
    const [first, second] = await Promise.all([
      requestSync(db, orgId, source.id),
      requestSync(db, orgId, source.id),
    ]);
    expect(second.id).toBe(first.id);
    // The schedule finds the source due (it never finished a run) but cannot open a second run.
    await openDueRuns(db);
    const open = await db
      .select({ total: count() })
      .from(jobSourceRuns)
      .where(and(eq(jobSourceRuns.sourceId, source.id), isNull(jobSourceRuns.finishedAt)));
    expect(open[0]!.total).toBe(1);
    const claimed = await claimRun(db, crypto.randomUUID());
    expect(claimed?.id).toBe(first.id);
    expect(await claimRun(db, crypto.randomUUID())).toBeUndefined();
  });
});
