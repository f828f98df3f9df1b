// The HTTP listener of `npm start` (server.mjs), in front of Next.js's request handler. Plain
// JavaScript: server.mjs runs it with node directly. It does what a route handler cannot:
// - records the TCP peer for per-address limits (lib/http/client-address.ts), overwriting whatever a
//   client sent under that name;
// - drops X-Forwarded-Host unless a trusted proxy wrote it (Next.js checks a server action's Origin
//   against that header, so a forged one made a foreign Origin pass);
// - bounds every stage of a request: headers, body, and the handler's first byte.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { PEER_ADDRESS_HEADER } from './peer-address.mjs';

/** Defaults: a 15 MB upload must arrive within a minute (2 Mbit/s); a handler must start in 30 s. */
export const REQUEST_TIMEOUTS = Object.freeze({ headersMs: 10_000, requestMs: 60_000, handlerMs: 30_000 });

/**
 * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => unknown} handle
 * @param {{ trustedProxies?: number, timeouts?: Partial<typeof REQUEST_TIMEOUTS> }} [options]
 */
export function createListener(handle, { trustedProxies = 0, timeouts = {} } = {}) {
  const { headersMs, requestMs, handlerMs } = { ...REQUEST_TIMEOUTS, ...timeouts };
  const server = createServer(
    { headersTimeout: Math.min(headersMs, requestMs), requestTimeout: requestMs },
    (request, response) => {
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
      if (trustedProxies === 0) delete request.headers['x-forwarded-host'];
      const timer = setTimeout(() => handlerTimedOut(request, response), handlerMs);
      response.once('close', () => clearTimeout(timer));
      response.once('finish', () => clearTimeout(timer));
      handle(request, response);
    },
  );
  // Node checks requestTimeout and headersTimeout on this interval (30 s by default), which would
  // let a stalled body hold its connection for up to half a minute longer than the limit.
  server.connectionsCheckingInterval = Math.min(1_000, headersMs, requestMs);
  return server;
}

/**
 * A handler that has not started its answer in time gets a 503 in the API's envelope (or a short
 * page), and its connection is closed; one that has started streaming is cut off.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function handlerTimedOut(request, response) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const requestId = randomUUID();
  const message = 'The server took too long to answer. Try again.';
  const api = (request.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify({
        error: {
          message,
          code: 'service_unavailable',
          details: null,
          url: `${(process.env.APP_URL ?? '').replace(/\/$/, '')}/docs/errors#service_unavailable`,
          request_id: requestId,
        },
      })
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Timed out</title></head><body><main><h1>This took too long</h1><p>${message}</p></main></body></html>`;
  response.writeHead(503, {
    'content-type': api ? 'application/json' : 'text/html; charset=utf-8',
    'retry-after': '5',
    'cache-control': 'no-store',
    'x-request-id': requestId,
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'handler_timeout',
      method: request.method,
      path: request.url?.split('?')[0],
      request_id: requestId,
    }),
  );
}
