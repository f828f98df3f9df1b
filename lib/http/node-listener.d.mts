import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export declare const REQUEST_TIMEOUTS: Readonly<{ headersMs: number; requestMs: number; handlerMs: number }>;

export declare function createListener(
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  options?: { trustedProxies?: number; timeouts?: Partial<typeof REQUEST_TIMEOUTS> },
): Server;
