// The listener of `npm start`: every stage of a request has a time limit, and the headers it vouches
// for cannot be forged. Real sockets against a real node:http server; the timeouts are shortened.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createListener } from './node-listener.mjs';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

async function listen(
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  options: Parameters<typeof createListener>[1] = {},
): Promise<number> {
  server = createListener(handle, options);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return (server.address() as { port: number }).port;
}

/** Writes `raw` on a fresh connection; answers everything the server sent until it closed, and when. */
function exchange(port: number, raw: string): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 8 s; received: ${text}`));
    }, 8_000);
  });
}

const reader = (request: IncomingMessage, response: ServerResponse) => {
  request.resume();
  request.on('end', () => response.end('read'));
};

describe('request timeouts', () => {
  it('answers 408 and closes the connection when an announced body never arrives', async () => {
    const port = await listen(reader, { timeouts: { requestMs: 600 } });
    const { text, ms } = await exchange(
      port,
      'POST /api/jobs HTTP/1.1\r\nHost: x\r\nContent-Length: 15000000\r\n\r\n{"title":',
    );
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(3_000);
  });

  it('closes a connection whose headers never finish', async () => {
    const port = await listen(reader, { timeouts: { headersMs: 500, requestMs: 600 } });
    const { text, ms } = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(3_000);
  });

  it('gives a handler that has not started answering a 503 in the envelope, and a page outside the API', async () => {
    const port = await listen(() => undefined, { timeouts: { handlerMs: 300 } });
    const api = await exchange(port, 'GET /api/jobs HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(api.text).toMatch(/^HTTP\/1\.1 503/);
    expect(api.text).toMatch(/retry-after: 5/i);
    const body = JSON.parse(api.text.slice(api.text.indexOf('\r\n\r\n') + 4));
    expect(body.error).toMatchObject({ code: 'service_unavailable', request_id: expect.any(String) });
    const page = await exchange(port, 'GET /b/acme HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(page.text).toMatch(/^HTTP\/1\.1 503/);
    expect(page.text).toContain('<h1>This took too long</h1>');
  });

  it('cuts off a streamed answer that stalls past the limit', async () => {
    const port = await listen((_request, response) => response.write('partial'), {
      timeouts: { handlerMs: 300 },
    });
    const { text, ms } = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(3_000);
  });

  it('leaves a prompt handler alone', async () => {
    const port = await listen(reader, { timeouts: { handlerMs: 300 } });
    const { text } = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 200[\s\S]*read$/);
  });
});

describe('methods Next.js cannot represent', () => {
  it.each(['TRACE'])('answers %s with 405 and Allow, in the envelope under /api', async (method) => {
    const port = await listen(reader);
    const page = await exchange(port, `${method} /b/acme HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(page.text).toMatch(/^HTTP\/1\.1 405/);
    expect(page.text).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
    const api = await exchange(port, `${method} /api/jobs HTTP/1.1\r\nHost: x\r\n\r\n`);
    const body = JSON.parse(api.text.slice(api.text.indexOf('\r\n\r\n') + 4));
    expect(body.error).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('methods the HTTP parser does not know', () => {
  it.each(['FOO', 'BREW'])('answers %s with 405 and Allow (Node answered a bare 400)', async (method) => {
    const port = await listen(reader);
    const { text } = await exchange(port, `${method} /api/jobs HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 405/);
    expect(text).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body.error).toMatchObject({
      code: 'method_not_allowed',
      request_id: expect.stringMatching(/^req_/),
    });
    const page = await exchange(port, `${method} /b/acme HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(page.text).toMatch(
      /^HTTP\/1\.1 405[\s\S]*content-type: text\/html[\s\S]*<h1>Method not allowed<\/h1>/,
    );
  });

  it('keeps Node’s own answer to a malformed request', async () => {
    const port = await listen(reader);
    const { text } = await exchange(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400/);
  });
});

describe('headers the listener vouches for', () => {
  const echo = (request: IncomingMessage, response: ServerResponse) =>
    response.end(
      JSON.stringify({
        peer: request.headers['x-boardkit-peer-address'],
        forwardedHost: request.headers['x-forwarded-host'] ?? null,
      }),
    );
  const ask = async (port: number) => {
    const { text } = await exchange(
      port,
      'GET / HTTP/1.1\r\nHost: board.test\r\nX-Boardkit-Peer-Address: 203.0.113.9\r\nX-Forwarded-Host: evil.example\r\nConnection: close\r\n\r\n',
    );
    return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
  };

  it('overwrites a forged peer address and drops X-Forwarded-Host when no proxy is trusted', async () => {
    expect(await ask(await listen(echo))).toEqual({ peer: '127.0.0.1', forwardedHost: null });
  });

  it('keeps X-Forwarded-Host behind a trusted proxy', async () => {
    expect(await ask(await listen(echo, { trustedProxies: 1 }))).toEqual({
      peer: '127.0.0.1',
      forwardedHost: 'evil.example',
    });
  });
});
