import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GuardedRequestOptions, guardedRequest, TargetError } from './guarded-request';

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };

const seen: Seen[] = [];
let server: Server;
let port: number;
const sockets = new Set<Socket>();

// One local server; each path is a behaviour. Every request it receives is recorded in `seen`.
const routes: Record<string, (req: IncomingMessage, res: ServerResponse, body: string) => void> = {
  '/echo': (req, res, body) => {
    res.setHeader('Set-Cookie', ['a=1', 'b=2']);
    res.setHeader('X-Custom', 'yes');
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, body }));
  },
  '/secret': (_req, res) => res.end('internal data'),
  '/redirect-to-loopback': (_req, res) => redirect(res, 302, `http://127.0.0.1:${port}/secret`),
  '/redirect-to-localhost': (_req, res) => redirect(res, 302, `http://localhost:${port}/secret`),
  '/redirect-to-evil': (_req, res) => redirect(res, 302, `http://evil.test:${port}/secret`),
  '/redirect-to-userinfo': (_req, res) => redirect(res, 302, `http://user:pw@public.test:${port}/echo`),
  '/redirect-relative': (_req, res) => redirect(res, 301, '/echo'),
  '/redirect-307': (_req, res) => redirect(res, 307, '/echo'),
  '/redirect-303': (_req, res) => redirect(res, 303, '/echo'),
  '/redirect-other-origin': (_req, res) => redirect(res, 308, `http://other.test:${port}/echo`),
  '/loop': (_req, res) => redirect(res, 302, '/loop'),
  '/size': (req, res) => {
    const size = Number(new URL(req.url!, 'http://x').searchParams.get('n'));
    res.end('x'.repeat(size));
  },
  '/multibyte': (_req, res) => res.end('é'.repeat(3000)),
  '/endless': (_req, res) => {
    const chunk = Buffer.alloc(16 * 1024, 'y');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  },
  '/silent': () => {},
  '/stall-body': (_req, res) => {
    res.writeHead(200, { 'content-length': '100' });
    res.write('partial');
  },
};

function redirect(res: ServerResponse, status: number, location: string) {
  res.writeHead(status, { location });
  res.end('moved');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = new URL(req.url!, 'http://x').pathname;
      seen.push({ method: req.method!, path, headers: req.headers, body });
      routes[path]!(req, res, body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

function hosts(table: Record<string, string>) {
  return async (hostname: string): Promise<LookupAddress[]> => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };
}

// Private targets allowed: exercises the request path against the local server.
const open: GuardedRequestOptions = { allowPrivateNetwork: true };
// The production policy, except http: (no local TLS server) and one made-up public name that is
// let through to the local server, so what follows it (redirects) meets the real address checks.
const guarded: GuardedRequestOptions = {
  allowPrivateNetwork: false,
  allowHttp: true,
  lookup: hosts({ 'public.test': '127.0.0.1', 'other.test': '127.0.0.1', 'evil.test': '127.0.0.1' }),
  isAllowedAddress: (_address, hostname) => hostname === 'public.test' || hostname === 'other.test',
};
const local = (path: string) => `http://127.0.0.1:${port}${path}`;
const publicUrl = (path: string) => `http://public.test:${port}${path}`;

async function failure(promise: Promise<unknown>): Promise<TargetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TargetError);
  return error as TargetError;
}

describe('guardedRequest', () => {
  it('sends the method, headers and body and returns the response', async () => {
    const response = await guardedRequest(local('/echo?q=1'), {
      ...open,
      method: 'post',
      headers: { 'Content-Type': 'application/json', 'X-Boardkit-Event': 'job.created' },
      body: '{"id":1}',
    });
    expect(response).toMatchObject({
      status: 201,
      body: JSON.stringify({ method: 'POST', body: '{"id":1}' }),
      truncated: false,
      url: local('/echo?q=1'),
    });
    expect(response.headers).toMatchObject({
      'content-type': 'application/json',
      'x-custom': 'yes',
      'set-cookie': 'a=1, b=2',
    });
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
    expect(seen[0]!.headers).toMatchObject({
      host: `127.0.0.1:${port}`,
      'content-type': 'application/json',
      'content-length': '8',
      'x-boardkit-event': 'job.created',
    });
  });

  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['10.0.0.1', '10.0.0.1 is a private address'],
    ['169.254.169.254', '169.254.169.254 is a cloud metadata address'],
    ['[::1]', '::1 is a loopback address'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address'],
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
    ['localhost', 'localhost is a local host name'],
  ])('refuses %s before connecting', async (host, message) => {
    const error = await failure(guardedRequest(`http://${host}:${port}/secret`, { ...guarded }));
    expect(error).toMatchObject({ reason: 'blocked_target', message });
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to a blocked address', async () => {
    const error = await failure(guardedRequest(`http://evil.test:${port}/secret`, guarded));
    expect(error).toMatchObject({
      reason: 'blocked_target',
      message: 'evil.test resolves to 127.0.0.1, a loopback address',
    });
    expect(seen).toEqual([]);
  });

  it('connects to the address it checked, keeping the name for Host', async () => {
    // A second lookup (as at connect time) would answer an unroutable address and fail.
    let lookups = 0;
    const lookup = async (): Promise<LookupAddress[]> => [
      { address: lookups++ ? '10.255.255.1' : '127.0.0.1', family: 4 },
    ];
    const response = await guardedRequest(publicUrl('/echo'), { ...guarded, lookup, timeoutMs: 2000 });
    expect(response.status).toBe(201);
    expect(lookups).toBe(1);
    expect(seen[0]!.headers.host).toBe(`public.test:${port}`);
  });

  it('refuses http: unless allowed, and userinfo always', async () => {
    const http = await failure(guardedRequest(publicUrl('/echo'), { ...guarded, allowHttp: false }));
    expect(http).toMatchObject({ reason: 'invalid_url', message: 'the URL must use https: (got http:)' });
    const userinfo = await failure(guardedRequest(`http://user:pw@127.0.0.1:${port}/echo`, open));
    expect(userinfo.reason).toBe('invalid_url');
    const relative = await failure(guardedRequest('/echo', open));
    expect(relative.reason).toBe('invalid_url');
    expect(seen).toEqual([]);
  });

  it('reports DNS and connection failures', async () => {
    const dns = await failure(guardedRequest(`http://nowhere.test:${port}/`, guarded));
    expect(dns).toMatchObject({
      reason: 'dns_error',
      message: 'nowhere.test could not be resolved (ENOTFOUND)',
    });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failure(guardedRequest(`http://127.0.0.1:${closedPort}/`, open));
    expect(refused.reason).toBe('network_error');
    expect(refused.message).toContain('ECONNREFUSED');
  });

  describe('timeout', () => {
    it('covers waiting for the response', async () => {
      const started = Date.now();
      const error = await failure(guardedRequest(local('/silent'), { ...open, timeoutMs: 200 }));
      expect(error).toMatchObject({ reason: 'timeout', message: 'no complete response within 200 ms' });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('covers reading the body', async () => {
      const error = await failure(guardedRequest(local('/stall-body'), { ...open, timeoutMs: 200 }));
      expect(error.reason).toBe('timeout');
    });

    it('covers DNS resolution', async () => {
      const lookup = () => new Promise<LookupAddress[]>(() => {});
      const error = await failure(guardedRequest(publicUrl('/echo'), { ...guarded, lookup, timeoutMs: 200 }));
      expect(error.reason).toBe('timeout');
    });
  });

  describe('response size', () => {
    it('keeps a body of exactly maxResponseBytes', async () => {
      const response = await guardedRequest(local('/size?n=4096'), open);
      expect(response.body).toHaveLength(4096);
      expect(response.truncated).toBe(false);
    });

    it('truncates at 4096 bytes by default', async () => {
      const response = await guardedRequest(local('/size?n=10000'), open);
      expect(response.body).toBe('x'.repeat(4096));
      expect(response.truncated).toBe(true);
    });

    it('stops reading an endless body and closes the connection', async () => {
      const response = await guardedRequest(local('/endless'), { ...open, maxResponseBytes: 100 });
      expect(response).toMatchObject({ status: 200, body: 'y'.repeat(100), truncated: true });
      await expect.poll(() => sockets.size).toBe(0);
    });

    it('does not split a multi-byte character', async () => {
      // 'é' is two bytes; 4097 bytes end in the middle of one.
      const response = await guardedRequest(local('/multibyte'), { ...open, maxResponseBytes: 4097 });
      expect(response.body).toBe('é'.repeat(2048));
      expect(response.truncated).toBe(true);
    });
  });

  describe('redirects', () => {
    it('returns a 3xx as is by default', async () => {
      const response = await guardedRequest(publicUrl('/redirect-to-loopback'), guarded);
      expect(response).toMatchObject({ status: 302, body: 'moved', url: publicUrl('/redirect-to-loopback') });
      expect(response.headers.location).toBe(`http://127.0.0.1:${port}/secret`);
    });

    it.each([
      ['/redirect-to-loopback', '127.0.0.1 is a loopback address'],
      ['/redirect-to-localhost', 'localhost is a local host name'],
      ['/redirect-to-evil', 'evil.test resolves to 127.0.0.1, a loopback address'],
    ])('checks the target of %s before following it', async (path, message) => {
      const error = await failure(guardedRequest(publicUrl(path), { ...guarded, maxRedirects: 3 }));
      expect(error).toMatchObject({ reason: 'blocked_target', message });
      expect(seen.map((request) => request.path)).toEqual([path]);
    });

    it('refuses a redirect to a URL with userinfo', async () => {
      const error = await failure(
        guardedRequest(publicUrl('/redirect-to-userinfo'), { ...guarded, maxRedirects: 3 }),
      );
      expect(error.reason).toBe('invalid_url');
    });

    it('follows 301/302/303 with GET and no body', async () => {
      for (const path of ['/redirect-relative', '/redirect-303']) {
        seen.length = 0;
        const response = await guardedRequest(publicUrl(path), {
          ...guarded,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-boardkit-event': 'job.created' },
          body: '{"id":1}',
          maxRedirects: 1,
        });
        expect(response).toMatchObject({ status: 201, url: publicUrl('/echo') });
        expect(JSON.parse(response.body)).toEqual({ method: 'GET', body: '' });
        expect(seen[1]!.headers['content-type']).toBeUndefined();
        expect(seen[1]!.headers['x-boardkit-event']).toBe('job.created');
      }
    });

    it('follows 307/308 with the same method and body', async () => {
      const response = await guardedRequest(publicUrl('/redirect-307'), {
        ...guarded,
        method: 'POST',
        body: '{"id":1}',
        maxRedirects: 1,
      });
      expect(JSON.parse(response.body)).toEqual({ method: 'POST', body: '{"id":1}' });
    });

    it('drops credentials when leaving the origin', async () => {
      await guardedRequest(publicUrl('/redirect-other-origin'), {
        ...guarded,
        method: 'POST',
        headers: { Authorization: 'Bearer t', 'x-boardkit-signature': 's' },
        body: '{}',
        maxRedirects: 1,
      });
      expect(seen.map((request) => request.headers.host)).toEqual([
        `public.test:${port}`,
        `other.test:${port}`,
      ]);
      expect(seen[0]!.headers.authorization).toBe('Bearer t');
      expect(seen[1]!.headers.authorization).toBeUndefined();
      expect(seen[1]!.headers['x-boardkit-signature']).toBe('s');
    });

    it('stops after maxRedirects', async () => {
      const error = await failure(guardedRequest(publicUrl('/loop'), { ...guarded, maxRedirects: 2 }));
      expect(error).toMatchObject({ reason: 'too_many_redirects', message: 'more than 2 redirects' });
      expect(seen).toHaveLength(3);
    });
  });
});
