import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as cdnGet, HEAD as cdnHead } from '@/app/cdn/[...key]/route';
import { getDb } from '@/db/client';
import { resetEnvCache } from '@/lib/core/env';
import { resetMediaStorage } from '@/lib/media/storage';
import { createPage } from '@/lib/pages/service';
import { createTenant } from '@/test/factories';
import { postItem, upsertCollection } from '@/test/fixtures/cms';
import { FakeBlobApi } from '@/test/fixtures/vercel-blob-api';
import { call } from '@/test/http';
import { DELETE, GET as getOne, PATCH } from './[id]/route';
import { GET, POST } from './route';

const png = (width = 64, height = 48, color = '#3366ff') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

function form(bytes: Uint8Array, name: string, type = 'application/octet-stream', title?: string): FormData {
  const data = new FormData();
  data.set('file', new File([new Uint8Array(bytes)], name, { type }));
  if (title !== undefined) data.set('title', title);
  return data;
}

/** Fetches a hosted URL through the /cdn route handler, as a browser would. */
async function fetchCdn(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const key = new URL(url).pathname.replace(/^\/cdn\//, '').split('/');
  const handler = method === 'HEAD' ? cdnHead : cdnGet;
  return handler(new Request(url, { method, headers }), { params: Promise.resolve({ key }) });
}

describe('POST /api/assets (multipart)', () => {
  it('stores an image identified from its bytes, with metadata, thumbnail and a CDN URL', async () => {
    const { key } = await createTenant();
    const bytes = await png(1200, 800);
    const res = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(bytes, 'Team photo.jpg', 'image/jpeg', 'Our team'),
    });
    expect(res.status).toBe(201);
    const asset = res.body.data;
    expect(asset).toMatchObject({
      type: 'image',
      title: 'Our team',
      visibility: 'public',
      provider: 'local',
      metadata: {
        mime: 'image/png',
        bytes: bytes.length,
        width: 1200,
        height: 800,
        filename: 'Team photo.jpg',
      },
    });
    expect(res.body.meta).toEqual({ deduplicated: false });
    expect(asset.url).toMatch(/^http:\/\/localhost:3000\/cdn\/[0-9a-f-]{36}\/[0-9a-f]{16}\.png$/);
    expect(asset.thumbnail_url).toMatch(/\/thumb-[0-9a-f]{16}\.webp$/);
    expect(asset.metadata.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(asset.created_at).toString()).not.toBe('Invalid Date');

    const served = await fetchCdn(asset.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const thumbnail = await fetchCdn(asset.thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const thumbMeta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 480, 320]);
  });

  it('accepts JPEG, GIF, WebP and AVIF, titled from the file name by default', async () => {
    const { key } = await createTenant();
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3300' } });
    const files: [string, Buffer][] = [
      ['image/jpeg', await base.clone().jpeg().toBuffer()],
      ['image/gif', await base.clone().gif().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
      ['image/avif', await base.clone().avif().toBuffer()],
    ];
    for (const [mime, bytes] of files) {
      const res = await call(POST, {
        method: 'POST',
        path: '/assets',
        apiKey: key,
        body: form(bytes, `banner-${mime.split('/')[1]}.bin`),
      });
      expect(res.status, mime).toBe(201);
      expect(res.body.data.metadata).toMatchObject({ mime, width: 40, height: 30 });
      expect(res.body.data.title).toBe(`banner-${mime.split('/')[1]}`);
    }
  });

  it('rejects other types with 415 whatever the name and Content-Type claim', async () => {
    const { key } = await createTenant();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [bytes, detected] of [
      [pdf, 'application/pdf'],
      [html, null],
    ] as const) {
      const res = await call(POST, {
        method: 'POST',
        path: '/assets',
        apiKey: key,
        body: form(bytes, 'photo.png', 'image/png'),
      });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported_media_type');
      expect(res.body.error.message).toContain('JPEG, PNG, GIF, WebP, AVIF, SVG');
      expect(res.body.error.details.detected).toBe(detected);
    }
    const list = await call(GET, { path: '/assets', apiKey: key });
    expect(list.body.data).toHaveLength(0);
  });

  it('rejects a PNG signature over corrupt data with 415, storing nothing', async () => {
    const { key } = await createTenant();
    const valid = await png();
    const corrupt = Buffer.concat([valid.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(corrupt, 'x.png'),
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/looks like PNG but cannot be used/);
  });

  it('answers 413 file_too_large for a file over 15 MB, stopping the read at the limit', async () => {
    const { key } = await createTenant();
    const header = await png();
    const big = Buffer.concat([header, Buffer.alloc(40 * 1024 * 1024)]);
    let pulled = 0;
    const encoded = new Response(form(big, 'big.png'));
    const contentType = encoded.headers.get('content-type')!;
    const reader = encoded.body!.getReader();
    // No Content-Length, and 64 KB chunks as a network delivers them: the limit holds while streaming.
    let pending: Uint8Array = new Uint8Array(0);
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (pending.length === 0) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          pending = value;
        }
        const piece = pending.subarray(0, 64 * 1024);
        pending = pending.subarray(piece.length);
        pulled += piece.length;
        controller.enqueue(piece);
      },
    });
    const request = new Request('http://localhost:3000/api/assets', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': contentType },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const res = await POST(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error.code).toBe('file_too_large');
    expect(body.error.details).toEqual({ max_bytes: 15 * 1024 * 1024 });
    expect(pulled).toBeLessThan(17 * 1024 * 1024);
  });

  it('refuses an oversized declared Content-Length before reading', async () => {
    const { key } = await createTenant();
    const res = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(40 * 1024 * 1024),
      },
      body: '--x--',
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('file_too_large');
  });

  it('validates the form: missing file, extra files, bad boundary', async () => {
    const { key } = await createTenant();
    const noFile = new FormData();
    noFile.set('title', 'Nothing');
    const missing = await call(POST, { method: 'POST', path: '/assets', apiKey: key, body: noFile });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0]).toMatchObject({ location: 'body', field: 'file' });

    const two = form(await png(), 'a.png');
    two.append('file', new File([new Uint8Array(await png(2, 2))], 'b.png'));
    const extra = await call(POST, { method: 'POST', path: '/assets', apiKey: key, body: two });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/at most 1 file/);

    const broken = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      headers: { 'content-type': 'multipart/form-data; charset=utf-8' },
      body: 'garbage',
    });
    expect(broken.status).toBe(400);

    const text = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(text.body.error.message).toContain('multipart/form-data');
  });

  it('returns the existing asset for identical bytes unless dedupe=false', async () => {
    const { key } = await createTenant();
    const bytes = await png(10, 10, '#00aa00');
    const first = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(bytes, 'a.png'),
    });
    const again = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(bytes, 'b.png'),
    });
    expect(again.status).toBe(200);
    expect(again.body.meta.deduplicated).toBe(true);
    expect(again.body.data.id).toBe(first.body.data.id);

    const copy = await call(POST, {
      method: 'POST',
      path: '/assets?dedupe=false',
      apiKey: key,
      body: form(bytes, 'c.png'),
    });
    expect(copy.status).toBe(201);
    expect(copy.body.data.id).not.toBe(first.body.data.id);
    expect(copy.body.data.url).not.toBe(first.body.data.url);

    // Another organization's library is separate.
    const other = await createTenant();
    const theirs = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: other.key,
      body: form(bytes, 'a.png'),
    });
    expect(theirs.status).toBe(201);
  });

  it('deduplicates concurrent identical uploads into one asset', async () => {
    const { key } = await createTenant();
    const bytes = await png(12, 12, '#123456');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(POST, { method: 'POST', path: '/assets', apiKey: key, body: form(bytes, 'same.png') }),
      ),
    );
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const list = await call(GET, { path: '/assets', apiKey: key });
    expect(list.body.meta.pagination.total_items).toBe(1);
  });

  it('replays an Idempotency-Key only for the same upload', async () => {
    const { key } = await createTenant();
    const headers = { 'idempotency-key': 'upload-1' };
    const bytes = await png(8, 8, '#abcdef');
    const first = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      headers,
      body: form(bytes, 'a.png'),
    });
    const replay = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      headers,
      body: form(bytes, 'a.png'),
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.id).toBe(first.body.data.id);
    const different = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      headers,
      body: form(await png(9, 9), 'a.png'),
    });
    expect(different.status).toBe(422);
    expect(different.body.error.code).toBe('idempotency_key_reused');
  });
});

describe('SVG uploads', () => {
  it('are stored sanitized and served with a restrictive CSP', async () => {
    const { key } = await createTenant();
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <foreignObject><iframe src="https://evil.example"/></foreignObject>
  <image xlink:href="https://tracker.example/pixel.png" width="1" height="1"/>
  <rect width="120" height="60" fill="#0a0" onclick="steal()"/>
</svg>`;
    const res = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(Buffer.from(svg), 'logo.svg', 'image/svg+xml'),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.metadata).toMatchObject({ mime: 'image/svg+xml', width: 120, height: 60 });
    expect(res.body.data.thumbnail_url).toBe(res.body.data.url);

    const served = await fetchCdn(res.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = await served.text();
    expect(stored).toContain('<rect');
    for (const gone of ['script', 'onload', 'onclick', 'foreignObject', 'iframe', 'tracker.example']) {
      expect(stored).not.toContain(gone);
    }
  });

  it('refuses SVG with entity tricks (415), never expanding them', async () => {
    const { key } = await createTenant();
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`;
    const res = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(Buffer.from(bomb), 'bomb.svg'),
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/not well-formed/);
  });
});

describe('POST /api/assets (source_url)', () => {
  let server: Server;
  let origin: string;
  let image: Buffer;
  const requests: string[] = [];

  beforeAll(async () => {
    image = await png(300, 200, '#884400');
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      requests.push(path);
      const hop = /^\/hop\/(\d+)$/.exec(path);
      if (hop) {
        const next = Number(hop[1]) - 1;
        response.writeHead(302, { location: next === 0 ? '/images/photo.png' : `/hop/${next}` });
        response.end();
      } else if (path === '/images/photo.png') {
        // The declared type lies on purpose: the bytes decide.
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(image);
      } else if (path === '/huge') {
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const push = () => {
          while (sent < 40 && response.write(chunk)) sent++;
          if (sent < 40) response.once('drain', push);
          else response.end();
        };
        response.on('close', () => {
          sent = 40;
        });
        push();
      } else if (path === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      } else {
        response.writeHead(404);
        response.end('missing');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  const allowLoopback = () => {
    vi.stubEnv('ALLOW_PRIVATE_NETWORK_TARGETS', '1');
    resetEnvCache();
  };

  it('downloads through up to 3 redirects and keeps the source in metadata', async () => {
    allowLoopback();
    const { key } = await createTenant();
    const res = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: { source_url: `${origin}/hop/3` },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'photo',
      metadata: { mime: 'image/png', width: 300, height: 200, source_url: `${origin}/hop/3` },
    });
    const served = await fetchCdn(res.body.data.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it('gives up after 3 redirects, on error statuses and on oversized bodies', async () => {
    allowLoopback();
    const { key } = await createTenant();
    const post = (source_url: string) =>
      call(POST, { method: 'POST', path: '/assets', apiKey: key, body: { source_url } });

    const redirects = await post(`${origin}/hop/4`);
    expect(redirects.status).toBe(422);
    expect(redirects.body.error).toMatchObject({
      code: 'download_failed',
      details: { reason: 'too_many_redirects' },
    });

    const missing = await post(`${origin}/nothing`);
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual({ reason: 'http_status', status: 404 });

    const huge = await post(`${origin}/huge`);
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('file_too_large');
  });

  it('refuses loopback, private and metadata targets, also behind a redirect', async () => {
    const { key } = await createTenant();
    const post = (source_url: string) =>
      call(POST, { method: 'POST', path: '/assets', apiKey: key, body: { source_url } });
    for (const url of [
      `${origin}/images/photo.png`.replace('http:', 'https:'),
      'https://10.0.0.8/x.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/x.png',
      'https://[::1]/x.png',
    ]) {
      const res = await post(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: 'source_url', code: 'blocked_target' });
    }
    const before = requests.length;
    // Loopback allowed for the first hop only through the test policy: the redirect target is checked again.
    const { downloadSource } = await import('@/lib/media/download');
    await expect(
      downloadSource(`${origin}/to-metadata`, {
        allowHttp: true,
        isAllowedAddress: (address) => address === '127.0.0.1',
      }),
    ).rejects.toMatchObject({ code: 'validation_error' });
    expect(requests.length).toBe(before + 1);
  });

  it('validates the JSON body', async () => {
    const { key } = await createTenant();
    const bad = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: { source_url: 'ftp://example.com/a.png' },
    });
    expect(bad.status).toBe(400);
    const unknown = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: { source_url: 'https://example.com/a.png', file: 'x' },
    });
    expect(unknown.status).toBe(400);
    const empty = await call(POST, { method: 'POST', path: '/assets', apiKey: key, body: {} });
    expect(empty.status).toBe(400);
  });
});

describe('GET/PATCH/DELETE /api/assets', () => {
  it('lists newest first with type, search and pagination (default 20)', async () => {
    const { key } = await createTenant();
    const titles = ['Office front', 'Office kitchen', 'Logo dark', 'Logo light'];
    for (const [index, title] of titles.entries()) {
      const res = await call(POST, {
        method: 'POST',
        path: '/assets',
        apiKey: key,
        body: form(await png(5 + index, 5), `${index}.png`, 'image/png', title),
      });
      expect(res.status).toBe(201);
    }
    const all = await call(GET, { path: '/assets', apiKey: key });
    expect(all.body.data.map((a: { title: string }) => a.title)).toEqual([...titles].reverse());
    expect(all.body.meta.pagination).toEqual({
      current_page: 1,
      per_page: 20,
      total_items: 4,
      total_pages: 1,
      has_more: false,
    });
    expect(all.body.data[0]).toHaveProperty('provider', 'local');
    expect(all.body.data[0]).toHaveProperty('thumbnail_url');
    expect(all.body.data[0]).toHaveProperty('metadata.width', 8);

    const offices = await call(GET, { path: '/assets?search=OFFICE', apiKey: key });
    expect(offices.body.data).toHaveLength(2);
    const literal = await call(GET, { path: '/assets?search=%25', apiKey: key });
    expect(literal.body.data).toHaveLength(0);
    const images = await call(GET, { path: '/assets?type=image&per_page=3&page=2', apiKey: key });
    expect(images.body.data).toHaveLength(1);
    expect(images.body.meta.pagination).toMatchObject({ current_page: 2, per_page: 3, total_items: 4 });
    const videos = await call(GET, { path: '/assets?type=video', apiKey: key });
    expect(videos.body.data).toHaveLength(0);

    const badType = await call(GET, { path: '/assets?type=audio', apiKey: key });
    expect(badType.status).toBe(400);
    expect(badType.body.error.code).toBe('validation_error');
    const tooMany = await call(GET, { path: '/assets?per_page=101', apiKey: key });
    expect(tooMany.status).toBe(400);

    const other = await createTenant();
    const theirs = await call(GET, { path: '/assets', apiKey: other.key });
    expect(theirs.body.data).toHaveLength(0);
  });

  it('reads, renames, and keeps other organizations out', async () => {
    const { key } = await createTenant();
    const created = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(await png(3, 3), 'a.png'),
    });
    const id = created.body.data.id;
    const read = await call(getOne, { path: `/assets/${id}`, apiKey: key, params: { id } });
    expect(read.body.data).toEqual(created.body.data);

    const renamed = await call(PATCH, {
      method: 'PATCH',
      path: `/assets/${id}`,
      apiKey: key,
      params: { id },
      body: { title: '  Hero image ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.title).toBe('Hero image');
    expect(renamed.body.data.url).toBe(created.body.data.url);
    const empty = await call(PATCH, {
      method: 'PATCH',
      path: `/assets/${id}`,
      apiKey: key,
      params: { id },
      body: { title: '' },
    });
    expect(empty.status).toBe(400);

    const other = await createTenant();
    const foreign = await call(getOne, { path: `/assets/${id}`, apiKey: other.key, params: { id } });
    expect(foreign.status).toBe(404);
    const foreignDelete = await call(DELETE, {
      method: 'DELETE',
      path: `/assets/${id}`,
      apiKey: other.key,
      params: { id },
    });
    expect(foreignDelete.status).toBe(404);
    const badId = await call(getOne, { path: '/assets/nope', apiKey: key, params: { id: 'nope' } });
    expect(badId.status).toBe(400);
  });

  it('deletes the stored files and lists the references it broke', async () => {
    const { key, organization } = await createTenant();
    const created = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(await png(30, 20), 'cover.png'),
    });
    const asset = created.body.data;
    const db = await getDb();
    const { page } = await createPage(db, organization.id, {
      title: 'About us',
      kind: 'page',
      status: 'draft',
      cover_image: asset.url,
      content: `<p>Hello</p><img src="${asset.url}">`,
    } as never);
    await createPage(db, organization.id, {
      title: 'Unrelated',
      kind: 'page',
      status: 'draft',
      content: '<p>x</p>',
    } as never);
    await upsertCollection(key, {
      slug: 'perks',
      name: 'Perks',
      schema: [
        { name: 'photo', type: 'asset' },
        { name: 'banner', type: 'image' },
        { name: 'title', type: 'text' },
      ],
    });
    const item = await postItem(key, 'perks', { data: { photo: asset.id, banner: asset.url, title: 'Gym' } });
    await postItem(key, 'perks', { data: { title: 'Unrelated' } });

    const res = await call(DELETE, {
      method: 'DELETE',
      path: `/assets/${asset.id}`,
      apiKey: key,
      params: { id: asset.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: asset.id,
      deleted: true,
      broken_references: [
        { resource: 'page', id: page.id, title: 'About us', fields: ['cover_image', 'content'] },
        {
          resource: 'cms_item',
          id: item.body.item.id,
          title: `perks/${item.body.item.id}`,
          fields: expect.arrayContaining(['photo', 'banner']),
        },
      ],
    });
    expect((await fetchCdn(asset.url)).status).toBe(404);
    expect((await fetchCdn(asset.thumbnail_url)).status).toBe(404);
    const again = await call(getOne, { path: `/assets/${asset.id}`, apiKey: key, params: { id: asset.id } });
    expect(again.status).toBe(404);
  });
});

describe('GET /cdn/<key>', () => {
  it('serves ranges, ETag revalidation and HEAD; unknown keys are 404', async () => {
    const { key } = await createTenant();
    const bytes = await png(50, 50, '#ff00ff');
    const { body } = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(bytes, 'r.png'),
    });
    const url = body.data.url;

    const part = await fetchCdn(url, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);

    const tail = await fetchCdn(url, { range: 'bytes=-5' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-5))).toBe(true);
    const open = await fetchCdn(url, { range: `bytes=${bytes.length - 3}-` });
    expect(open.headers.get('content-length')).toBe('3');

    const beyond = await fetchCdn(url, { range: `bytes=${bytes.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const full = await fetchCdn(url);
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetchCdn(url, { 'if-none-match': etag })).status).toBe(304);
    const staleRange = await fetchCdn(url, { range: 'bytes=0-1', 'if-range': '"other"' });
    expect(staleRange.status).toBe(200);

    const head = await fetchCdn(url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(await head.text()).toBe('');

    for (const missing of [
      'http://localhost:3000/cdn/0190f0f0-0000-7000-8000-000000000000/abc.png',
      'http://localhost:3000/cdn/..%2F..%2Fetc/passwd',
      'http://localhost:3000/cdn/.hidden/file',
    ]) {
      const res = await fetchCdn(missing);
      expect(res.status, missing).toBe(404);
    }
  });
});

describe('with Vercel Blob storage (BLOB_READ_WRITE_TOKEN set)', () => {
  const blob = new FakeBlobApi();
  beforeAll(() => blob.start());
  afterAll(async () => {
    vi.unstubAllEnvs();
    resetEnvCache();
    resetMediaStorage();
    await blob.stop();
  });

  it('stores in the blob store and still serves through /cdn, never exposing blob URLs', async () => {
    vi.stubEnv('BLOB_READ_WRITE_TOKEN', 'vercel_blob_rw_teststore_secret');
    vi.stubEnv('VERCEL_BLOB_API_URL', blob.apiUrl);
    resetEnvCache();
    resetMediaStorage();
    const { key } = await createTenant();
    const bytes = await png(20, 10, '#222222');
    const res = await call(POST, {
      method: 'POST',
      path: '/assets',
      apiKey: key,
      body: form(bytes, 'b.png'),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.provider).toBe('vercel_blob');
    expect(JSON.stringify(res.body)).not.toContain(blob.apiUrl);
    expect(blob.objects.size).toBe(2);
    const served = await fetchCdn(res.body.data.url, { range: 'bytes=0-7' });
    expect(served.status).toBe(206);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);

    const id = res.body.data.id;
    await call(DELETE, { method: 'DELETE', path: `/assets/${id}`, apiKey: key, params: { id } });
    expect(blob.objects.size).toBe(0);
    expect((await fetchCdn(res.body.data.url)).status).toBe(404);
  });
});
