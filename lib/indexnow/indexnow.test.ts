import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { resetEnvCache } from '@/lib/core/env';
import { updateJob } from '@/lib/jobs';
import { proxy } from '@/proxy';
import { createTenant, createTestJob } from '@/test/factories';

const KEY = 'a1b2c3d4e5f6a7b8';
const received: { host: string; key: string; keyLocation: string; urlList: string[] }[] = [];
let server: ReturnType<typeof createServer>;

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
  });

/** Waits until `count` submissions arrived (they are sent after the write returns). */
async function submissions(count: number) {
  for (let i = 0; i < 100 && received.length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return received;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push(JSON.parse(await body(request)));
    response.writeHead(202).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.INDEXNOW_KEY = KEY;
  process.env.INDEXNOW_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}/indexnow`;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.INDEXNOW_KEY;
  delete process.env.INDEXNOW_ENDPOINT;
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

describe('IndexNow', () => {
  it('announces a job page when it is published and when it expires, not while it is a draft', async () => {
    const tenant = await createTenant();
    const board = `http://localhost:3000/b/${tenant.organization.slug}`;
    const draft = await createTestJob(tenant.organization.id, { status: 'draft' });
    const live = await createTestJob(tenant.organization.id);
    const [first] = await submissions(1);
    expect(first).toEqual({
      host: 'localhost:3000',
      key: KEY,
      keyLocation: `${board}/${KEY}.txt`,
      urlList: [`${board}/jobs/${live.slug}`],
    });
    await updateJob(await getDb(), tenant.organization.id, live.id, { status: 'expired' });
    expect((await submissions(2))[1]!.urlList).toEqual([`${board}/jobs/${live.slug}`]);
    await updateJob(await getDb(), tenant.organization.id, draft.id, { title: 'Still a draft' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(2);
  });

  it('serves the key file on every board, and only that name', async () => {
    const { organization } = await createTenant();
    const ok = (await proxy(new NextRequest(`http://localhost:3000/b/${organization.slug}/${KEY}.txt`)))!;
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(KEY);
    const other = (await proxy(new NextRequest(`http://localhost:3000/b/${organization.slug}/other.txt`)))!;
    expect(new URL(other.headers.get('x-middleware-rewrite')!).pathname).toBe(
      `/b/${organization.slug}/not-found/page`,
    );
  });
});
