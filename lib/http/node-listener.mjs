// The HTTP listener of `npm start` (server.mjs), in front of Next.js's request handler. Plain
// JavaScript: server.mjs runs it with node directly. It does what a route handler cannot:
// - records the TCP peer for per-address limits (lib/http/client-address.ts), overwriting whatever a
//   client sent under that name;
// - drops X-Forwarded-Host unless a trusted proxy wrote it (Next.js checks a server action's Origin
//   against that header, so a forged one made a foreign Origin pass);
// - bounds every stage of a request: headers, body, and the handler's first byte;
// - answers the methods Next.js cannot represent (see UNREPRESENTABLE_METHODS).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { PEER_ADDRESS_HEADER } from './peer-address.mjs';

/** Defaults: a 15 MB upload must arrive within a minute (2 Mbit/s); a handler must start in 30 s. */
export const REQUEST_TIMEOUTS = Object.freeze({ headersMs: 10_000, requestMs: 60_000, handlerMs: 30_000 });

/**
 * Methods fetch's Request refuses to hold, so Next.js failed on them with a 500 before proxy.ts
 * (which answers every other unserved method, lib/http/request-guards.ts) could see them.
 */
const UNREPRESENTABLE_METHODS = new Set(['TRACE']);
const SERVED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => unknown} handle
 * @param {{ trustedProxies?: number, timeouts?: Partial<typeof REQUEST_TIMEOUTS> }} [options]
 */
export function createListener(handle, { trustedProxies = 0, timeouts = {} } = {}) {
  const { headersMs, requestMs, handlerMs } = { ...REQUEST_TIMEOUTS, ...timeouts };
  const server = createServer(
    { headersTimeout: Math.min(headersMs, requestMs), requestTimeout: requestMs },
    (request, response) => {
      if (UNREPRESENTABLE_METHODS.has(request.method ?? '')) {
        answer(request, response, 405, `${request.method} is not supported.`, {
          code: 'method_not_allowed',
          title: 'Method not allowed',
          headers: { allow: SERVED_METHODS },
        });
        return;
      }
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
      if (trustedProxies === 0) delete request.headers['x-forwarded-host'];
      const timer = setTimeout(() => handlerTimedOut(request, response), handlerMs);
      response.once('close', () => clearTimeout(timer));
      response.once('finish', () => clearTimeout(timer));
      handle(request, response);
    },
  );
  server.on('clientError', (error, socket) => refuseUnparsed(error, socket));
  // An idle keep-alive connection outlives a load balancer's (60 s on the common ones): closed first
  // by this side, a request the client sends on it at that moment is reset.
  server.keepAliveTimeout = 65_000;
  // Node checks requestTimeout and headersTimeout on this interval (30 s by default), which would
  // let a stalled body hold its connection for up to half a minute longer than the limit.
  server.connectionsCheckingInterval = Math.min(1_000, headersMs, requestMs);
  return server;
}

/**
 * What Node's parser refuses before any handler runs. A method outside its table (`FOO`, `BREW`)
 * is a 405 like every unserved method (the request line is still in `rawPacket`); anything else gets
 * Node's own answer (400, 408, 431).
 * @param {Error & { code?: string, rawPacket?: Buffer }} error
 * @param {import('node:stream').Duplex} socket
 */
function refuseUnparsed(error, socket) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code !== 'HPE_INVALID_METHOD') {
    socket.end(
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n'
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n'
          : 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n',
    );
    return;
  }
  const [requestLine = ''] = (error.rawPacket?.toString('latin1') ?? '').split('\r\n', 1);
  const [method = '', path = '/'] = requestLine.split(' ');
  const { headers, body } = shortAnswer(path, `${method} is not supported.`, {
    code: 'method_not_allowed',
    title: 'Method not allowed',
    headers: { allow: SERVED_METHODS },
  });
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${lines.join('')}\r\n${body}`);
}

/**
 * A handler that has not started its answer in time gets a 503, and its connection is closed; one
 * that has started streaming is cut off.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function handlerTimedOut(request, response) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const requestId = answer(request, response, 503, 'The server took too long to answer. Try again.', {
    code: 'service_unavailable',
    title: 'This took too long',
    headers: { 'retry-after': '5' },
  });
  const path = request.url?.split('?')[0];
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'handler_timeout',
      method: request.method,
      path,
      request_id: requestId,
    }),
  );
}

/**
 * A short answer written here rather than by Next.js: the API's envelope under /api, a page
 * elsewhere; its headers, body and request id (`req_…`, as lib/http/request-id.ts makes them).
 * @param {string} path
 * @param {string} message
 * @param {{ code: string, title: string, headers: Record<string, string> }} what
 */
function shortAnswer(path, message, { code, title, headers }) {
  const requestId = `req_${randomUUID().replaceAll('-', '')}`;
  const api = path.startsWith('/api/');
  const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
  const body = api
    ? JSON.stringify({
        error: { message, code, details: null, url: `${appUrl}/docs/errors#${code}`, request_id: requestId },
      })
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p></main></body></html>`;
  return {
    requestId,
    body,
    headers: {
      'content-type': api ? 'application/json' : 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': requestId,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
      ...headers,
    },
  };
}

/**
 * Writes a short answer on `response`; answers the request id it gave.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} message
 * @param {{ code: string, title: string, headers: Record<string, string> }} what
 */
function answer(request, response, status, message, what) {
  const { requestId, headers, body } = shortAnswer(request.url ?? '/', message, what);
  response.writeHead(status, headers);
  response.end(body);
  return requestId;
}
