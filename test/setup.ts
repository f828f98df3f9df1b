import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { type DatabaseHandle, setDatabase } from '@/db/client';
import { clearRevisionCaches } from '@/lib/cache/revision-cache';
import { setJobSourceDispatch } from '@/lib/job-sources';
import { setMailDispatch } from '@/lib/mail';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { setWebhookDispatch } from '@/lib/webhooks/dispatch';
import { openTestDatabase } from './database';
import { resetNextRequest } from './fixtures/next-request';

// What Next gives a page or action in a real request (headers, cookies, the dashboard session, the
// cache to revalidate) comes from one fixture in every file. Files share their worker's modules
// (isolate: false): a module first loaded by a file without these mocks would keep the real
// `headers()`, and throw "outside a request scope" in every later file that renders it.
vi.mock('next/headers', () => import('./fixtures/next-request'));
vi.mock('next/cache', async (original) => ({
  ...(await original<typeof import('next/cache')>()),
  revalidatePath: (await import('./fixtures/next-request')).revalidatePath,
}));
vi.mock('@/lib/auth/auth', async (original) => ({
  ...(await original<typeof import('@/lib/auth/auth')>()),
  auth: (await import('./fixtures/next-request')).auth,
}));

let handle: DatabaseHandle;

// Media files of a test worker go to a throwaway directory, never the developer's .data/media.
process.env.MEDIA_DIR ??= mkdtempSync(path.join(tmpdir(), 'boardkit-media-'));
// Likewise private uploads (resumes) and the dev mailbox.
process.env.PRIVATE_FILES_DIR ??= mkdtempSync(path.join(tmpdir(), 'boardkit-private-'));
process.env.MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'boardkit-mail-'));

beforeAll(async () => {
  const neonProxyPort = inject('neonProxyPort');
  if (neonProxyPort) {
    const { neonConfig } = await import('@neondatabase/serverless');
    // Neon's driver speaks the Postgres protocol over WebSockets; the fixture forwards to local TCP.
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${neonProxyPort}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
    neonConfig.forceDisablePgSSL = true;
  }
  // The request a page or action reads (the mocks of next/headers share it): none yet.
  resetNextRequest();
  handle = await openTestDatabase();
  setDatabase(handle);
  setRateLimiter(new MemoryRateLimiter());
  // Organization ids (the cache keys) repeat in every file's fresh database.
  clearRevisionCaches();
  // Tests run the webhook and mail workers themselves, when they want deliveries made.
  setWebhookDispatch('manual');
  setMailDispatch('manual');
  setJobSourceDispatch('manual');
});

afterAll(async () => {
  setDatabase(undefined);
  setRateLimiter(undefined);
  await handle?.close();
});
