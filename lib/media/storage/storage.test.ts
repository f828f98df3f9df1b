import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBlobApi } from '@/test/fixtures/vercel-blob-api';
import { LocalDiskStorage } from './local';
import type { MediaStorage } from './types';
import { VercelBlobStorage } from './vercel-blob';

const fakeBlob = new FakeBlobApi();
let previousApiUrl: string | undefined;

beforeAll(async () => {
  await fakeBlob.start();
  previousApiUrl = process.env.VERCEL_BLOB_API_URL;
  process.env.VERCEL_BLOB_API_URL = fakeBlob.apiUrl;
});

afterAll(async () => {
  if (previousApiUrl === undefined) delete process.env.VERCEL_BLOB_API_URL;
  else process.env.VERCEL_BLOB_API_URL = previousApiUrl;
  await fakeBlob.stop();
});

const text = async (stream: ReadableStream<Uint8Array> | null) =>
  stream ? Buffer.from(await new Response(stream).arrayBuffer()).toString('utf8') : null;

// The same contract for every driver: what /cdn and the media service rely on.
describe.each([
  ['local disk', () => new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'boardkit-storage-')))],
  ['Vercel Blob', () => new VercelBlobStorage('vercel_blob_rw_teststore_secret')],
] as [string, () => MediaStorage][])('%s storage', (_name, make) => {
  it('puts, sizes, reads whole and by range, overwrites and deletes', async () => {
    const storage = make();
    const key = '0190f0f0-0000-7000-8000-000000000001/abcdef0123456789.png';
    expect(await storage.size(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();

    await storage.put(key, new TextEncoder().encode('hello, media'), 'image/png');
    expect(await storage.size(key)).toBe(12);
    expect(await text(await storage.read(key))).toBe('hello, media');
    expect(await text(await storage.read(key, { start: 7, end: 11 }))).toBe('media');

    await storage.put(key, new TextEncoder().encode('v2'), 'image/png');
    expect(await text(await storage.read(key))).toBe('v2');

    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    await storage.delete(key);
  });
});

describe('local disk storage', () => {
  it('never leaves its directory', async () => {
    const storage: MediaStorage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'boardkit-storage-')));
    for (const key of ['../escape.png', 'a/../../b.png', '/etc/passwd', '.hidden/x.png', 'a//b.png']) {
      expect(await storage.size(key)).toBeNull();
      await expect(storage.put(key, new Uint8Array(1), 'image/png')).rejects.toThrow(/Invalid storage key/);
    }
  });
});
