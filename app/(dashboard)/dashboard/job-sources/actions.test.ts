// The job sources dashboard's actions against the real services and database, and a loopback board
// for the syncs: the forms' validation (the API's), edits that change only what changed, delete
// keeping the jobs, and "Sync now" with the progress the page polls.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { jobSources } from '@/db/schema';
import { signUp } from '@/lib/auth/users';
import { resetEnvCache } from '@/lib/core/env';
import { listJobSources, runJobSourceWorker } from '@/lib/job-sources';
import { getJob, listJobs } from '@/lib/jobs';
import { listJobsQuerySchema } from '@/lib/jobs/schemas';
import { revalidatePath, nextRequest as session } from '@/test/fixtures/next-request';
import {
  createJobSourceAction,
  deleteJobSourceAction,
  jobSourceProgressAction,
  syncJobSourceAction,
  updateJobSourceAction,
} from './actions';

const lever = readFileSync(
  path.resolve(import.meta.dirname, '../../../../test/fixtures/job-sources/lever/example-docs.json'),
  'utf8',
);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The board worked in: a fresh one of its own owner per test, signed in. */
let board: Awaited<ReturnType<typeof signUp>>['organization'];

async function freshBoard(): Promise<number> {
  const { user, organization } = await signUp(await getDb(), {
    email: `sources-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Owner',
    password: 'correct horse battery staple',
    organizationName: 'Sources Board',
  });
  Object.assign(session, { userId: user.id, organizationId: organization.id });
  board = organization;
  return organization.id;
}

async function sourcesOf(orgId: number) {
  return (await listJobSources(await getDb(), orgId, { page: 1, per_page: 20 })).sources;
}

const greenhouse = {
  kind: 'greenhouse',
  url: 'https://boards-api.greenhouse.io/v1/boards/vaulttec/jobs?content=true',
  company_name: '',
  category: '',
  status_for_new_jobs: 'active',
  is_enabled: 'on',
  sync_interval_minutes: '60',
};

beforeEach(() => revalidatePath.mockReset());

describe('adding a source', () => {
  it('stores the form as the API would and refreshes the list', async () => {
    const orgId = await freshBoard();
    const state = await createJobSourceAction({}, form({ ...greenhouse, category: ' Engineering ' }));
    expect(state).toEqual({ success: 'Added vaulttec. Its first sync starts in a moment.', submission: 1 });
    expect(await sourcesOf(orgId)).toMatchObject([
      {
        kind: 'greenhouse',
        url: greenhouse.url,
        company_name: null,
        category: 'Engineering',
        status_for_new_jobs: 'active',
        is_enabled: true,
        sync_interval_minutes: 60,
        last_run: null,
      },
    ]);
    expect(revalidatePath.mock.calls).toEqual([['/dashboard/job-sources', 'layout']]);
  });

  it('reads an unticked box as a source synced only on demand', async () => {
    const orgId = await freshBoard();
    const { is_enabled: _, ...unticked } = greenhouse;
    const state = await createJobSourceAction(
      {},
      form({ ...unticked, company_name: 'Vault-Tec', status_for_new_jobs: 'pending' }),
    );
    expect(state.success).toBe(
      'Added Vault-Tec. It syncs only when you press Sync now, until you enable it.',
    );
    expect(await sourcesOf(orgId)).toMatchObject([
      { is_enabled: false, company_name: 'Vault-Tec', status_for_new_jobs: 'pending' },
    ]);
  });

  it('answers every bad field on its input, in plain words, and keeps what was typed', async () => {
    const orgId = await freshBoard();
    const typed = {
      ...greenhouse,
      kind: 'workday',
      url: '  ',
      category: 'x'.repeat(101),
      status_for_new_jobs: 'live',
      sync_interval_minutes: 'hourly',
    };
    const state = await createJobSourceAction({ submission: 2 }, form(typed));
    expect(state).toEqual({
      fieldErrors: {
        kind: 'Expected one of: greenhouse, lever, ashby, xml',
        url: 'Enter the address of the board’s public jobs endpoint or feed.',
        category: 'Must be at most 100 characters',
        status_for_new_jobs: 'Expected active or pending',
        sync_interval_minutes: 'Enter a whole number of minutes, such as 60.',
      },
      values: typed,
      submission: 3,
    });
    for (const [minutes, message] of [
      ['', 'Enter how often to sync, in minutes.'],
      ['2', 'At least 5 minutes'],
      ['20000', 'At most 10080 minutes (a week)'],
    ])
      expect(
        (await createJobSourceAction({}, form({ ...greenhouse, sync_interval_minutes: minutes! })))
          .fieldErrors,
      ).toEqual({ sync_interval_minutes: message });
    expect(await sourcesOf(orgId)).toEqual([]);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('refuses an address the fetcher would refuse, on the URL', async () => {
    const orgId = await freshBoard();
    for (const [url, reason] of [
      ['http://boards.example/jobs.xml', 'the URL must use https: (got http:)'],
      ['https://127.0.0.1/jobs.xml', '127.0.0.1 is a loopback address'],
      ['not a url', 'not an absolute URL'],
    ]) {
      const state = await createJobSourceAction({}, form({ ...greenhouse, kind: 'xml', url: url! }));
      expect(state.fieldErrors?.url).toBe(`This address cannot be imported from: ${reason}.`);
      expect(state.values?.url).toBe(url);
    }
    expect(await sourcesOf(orgId)).toEqual([]);
  });
});

describe('editing a source', () => {
  it('changes only what changed, says when jobs will follow, and refills with what was stored', async () => {
    const orgId = await freshBoard();
    await createJobSourceAction({}, form(greenhouse));
    const [source] = await sourcesOf(orgId);
    const edit = { id: source!.id, ...greenhouse };
    expect(await updateJobSourceAction({}, form(edit))).toEqual({
      success: 'Nothing changed.',
      submission: 1,
    });

    const scheduleOnly = await updateJobSourceAction({}, form({ ...edit, sync_interval_minutes: '15' }));
    expect(scheduleOnly).toMatchObject({ success: 'Saved.', values: { sync_interval_minutes: '15' } });

    const remapped = await updateJobSourceAction(
      {},
      form({ ...edit, sync_interval_minutes: '15', company_name: 'Vault-Tec', is_enabled: '' }),
    );
    expect(remapped).toEqual({
      success: 'Saved. The next sync updates every job to the new settings.',
      values: { ...greenhouse, company_name: 'Vault-Tec', is_enabled: '', sync_interval_minutes: '15' },
      submission: 1,
    });
    expect(await sourcesOf(orgId)).toMatchObject([
      { company_name: 'Vault-Tec', is_enabled: false, sync_interval_minutes: 15, url: greenhouse.url },
    ]);
  });

  it('keeps the conditional-request validators unless what postings map to changed', async () => {
    const orgId = await freshBoard();
    await createJobSourceAction({}, form(greenhouse));
    const [source] = await sourcesOf(orgId);
    const db = await getDb();
    const validators = async () =>
      (
        await db
          .select({ etag: jobSources.etag, lastModified: jobSources.lastModified })
          .from(jobSources)
          .where(eq(jobSources.id, source!.id))
      )[0];
    await db
      .update(jobSources)
      .set({ etag: '"v1"', lastModified: 'Tue, 20 Jan 2026 10:00:00 GMT' })
      .where(eq(jobSources.id, source!.id));
    const edit = { id: source!.id, ...greenhouse };
    // The whole form is sent on every save: the fields as they were do not count as changes.
    await updateJobSourceAction(
      {},
      form({ ...edit, sync_interval_minutes: '30', status_for_new_jobs: 'pending' }),
    );
    expect(await validators()).toEqual({ etag: '"v1"', lastModified: 'Tue, 20 Jan 2026 10:00:00 GMT' });
    await updateJobSourceAction({}, form({ ...edit, sync_interval_minutes: '30', category: 'Engineering' }));
    expect(await validators()).toEqual({ etag: null, lastModified: null });
  });

  it('holds an edit to the rules of a new source, keeping what was typed', async () => {
    const orgId = await freshBoard();
    await createJobSourceAction({}, form(greenhouse));
    const [source] = await sourcesOf(orgId);
    const typed = { id: source!.id, ...greenhouse, sync_interval_minutes: '0' };
    expect(await updateJobSourceAction({}, form(typed))).toEqual({
      fieldErrors: { sync_interval_minutes: 'At least 5 minutes' },
      values: typed,
      submission: 1,
    });
    // The address is checked by the service once the form parses, as for the API.
    const ftp = { ...typed, url: 'ftp://boards.example/', sync_interval_minutes: '30' };
    expect(await updateJobSourceAction({}, form(ftp))).toEqual({
      fieldErrors: { url: 'This address cannot be imported from: the URL must use https: (got ftp:).' },
      values: ftp,
      submission: 1,
    });
    expect((await sourcesOf(orgId))[0]).toMatchObject({ url: greenhouse.url, sync_interval_minutes: 60 });
  });

  it('treats another board’s source, or a tampered id, as unknown', async () => {
    const theirs = await freshBoard();
    await createJobSourceAction({}, form(greenhouse));
    const [source] = await sourcesOf(theirs);
    await freshBoard();
    for (const id of [source!.id, 'not-an-id'])
      expect(
        await updateJobSourceAction({}, form({ id, ...greenhouse, company_name: 'Mine' })),
      ).toMatchObject({
        error: expect.stringMatching(/^(Job source not found\.|Unknown job source\.)$/),
      });
    expect(await syncJobSourceAction(source!.id)).toEqual({ error: 'Job source not found.' });
    expect(await jobSourceProgressAction(source!.id)).toEqual({ error: 'Job source not found.' });
    expect(await deleteJobSourceAction('1; drop table job_sources')).toEqual({
      error: 'Unknown job source.',
    });
    expect((await sourcesOf(theirs))[0]).toMatchObject({ company_name: null });
  });
});

describe('syncing from the dashboard', () => {
  let server: Server;
  let base: string;
  let served = 0;

  beforeAll(async () => {
    vi.stubEnv('ALLOW_PRIVATE_NETWORK_TARGETS', '1');
    resetEnvCache();
    server = createServer((_request, response) => {
      served++;
      response.writeHead(200, { 'content-type': 'application/json' }).end(lever);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
    server.closeAllConnections();
    server.close();
  });

  it('starts one run at a time, reports its counts and jobs, and deleting keeps the jobs', async () => {
    const orgId = await freshBoard();
    const { is_enabled: _, ...unticked } = greenhouse;
    await createJobSourceAction(
      {},
      form({ ...unticked, kind: 'lever', url: `${base}/v0/postings/leverdemo?mode=json` }),
    );
    const [source] = await sourcesOf(orgId);
    expect(source!.last_run).toBeNull();

    const first = await syncJobSourceAction(source!.id);
    expect(first.run).toMatchObject({ status: 'running', finished_at: null, created: 0 });
    // Pressed again (another tab) while it runs: the same run.
    expect((await syncJobSourceAction(source!.id)).run?.id).toBe(first.run!.id);
    expect((await jobSourceProgressAction(source!.id)).source).toMatchObject({
      jobs: 0,
      last_run: { id: first.run!.id, status: 'running' },
    });

    await runJobSourceWorker(await getDb());
    expect(served).toBe(1);
    const { source: after } = await jobSourceProgressAction(source!.id);
    expect(after).toMatchObject({
      jobs: 2,
      last_run: { id: first.run!.id, status: 'succeeded', postings: 2, created: 2, failed: 0, error: null },
    });
    const { jobs } = await listJobs(await getDb(), board, listJobsQuerySchema.parse({}));
    expect(jobs.map((job) => job.title).sort()).toEqual(['Senior Account Executive', 'Support Engineer']);

    revalidatePath.mockReset();
    await expect(deleteJobSourceAction(source!.id)).rejects.toMatchObject({
      digest: expect.stringContaining('/dashboard/job-sources'),
    });
    expect(await sourcesOf(orgId)).toEqual([]);
    for (const job of jobs)
      expect(await getJob(await getDb(), orgId, job.id)).toMatchObject({
        status: 'active',
        source_id: null,
      });
    expect(revalidatePath.mock.calls).toEqual([['/dashboard/job-sources', 'layout']]);
  });

  it('shows a failed fetch as the run’s error, changing no job', async () => {
    const orgId = await freshBoard();
    await createJobSourceAction(
      {},
      form({ ...greenhouse, kind: 'xml', url: `${base.replace(/:\d+$/, ':1')}/feed.xml` }),
    );
    const [source] = await sourcesOf(orgId);
    await syncJobSourceAction(source!.id);
    await runJobSourceWorker(await getDb());
    expect((await jobSourceProgressAction(source!.id)).source).toMatchObject({
      jobs: 0,
      last_run: { status: 'failed', error: expect.stringMatching(/^network_error: /) },
    });
  });
});
