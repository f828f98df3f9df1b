// The one HTTP client for customer-supplied URLs: every hop is validated, resolved, checked and pinned.

import type { LookupAddress } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  bareHost,
  resolveTargetAddresses,
  TargetError,
  type TargetPolicyOptions,
  validateTargetUrl,
} from './ssrf-guard';

export { TargetError, type TargetErrorReason } from './ssrf-guard';

export type GuardedRequestOptions = TargetPolicyOptions & {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Covers DNS, connect and reading the response body, across every redirect hop. */
  timeoutMs?: number;
  /** 0 returns a 3xx as is; N follows up to N redirects, re-checking each target. */
  maxRedirects?: number;
  maxResponseBytes?: number;
};

export type GuardedResponse = {
  status: number;
  /** Lower-case names; repeated headers are joined with ", ". */
  headers: Record<string, string>;
  /** UTF-8, at most maxResponseBytes bytes. */
  body: string;
  /** The same bytes undecoded, for binary downloads. */
  bytes: Buffer;
  truncated: boolean;
  /** The URL that answered, after redirects. */
  url: string;
  durationMs: number;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Headers that describe a request body; dropped with the body when a redirect switches to GET.
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];
// Credentials the caller meant for one origin; not forwarded when a redirect leaves it.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * Sends one request to a customer URL. Each hop is validated (scheme, userinfo, host name), its
 * host resolved and every address checked, and the socket connects only to those checked addresses,
 * so a DNS answer that changes between check and connect (rebinding) cannot reach a blocked address.
 * Throws TargetError; any HTTP status, including 4xx/5xx, is a response.
 */
export async function guardedRequest(
  url: string,
  options: GuardedRequestOptions = {},
): Promise<GuardedResponse> {
  const { timeoutMs = 10_000, maxRedirects = 0, maxResponseBytes = 4096 } = options;
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const timeoutError = () => new TargetError('timeout', `no complete response within ${timeoutMs} ms`);

  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  const headers = lowerCaseKeys(options.headers ?? {});
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const checked = validateTargetUrl(current, options);
    if (!checked.ok) throw new TargetError(checked.code, checked.reason);
    const target = checked.url;
    const addresses = await untilAborted(resolveTargetAddresses(target, options), signal, timeoutError);

    const response = await send(target, addresses, { method, headers, body }, signal, timeoutError);
    const location = response.headers.location;
    if (maxRedirects > 0 && REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (redirects >= maxRedirects) {
        throw new TargetError('too_many_redirects', `more than ${maxRedirects} redirects`);
      }
      const next = resolveLocation(location, target);
      // Fetch's rules (https://fetch.spec.whatwg.org/#http-redirect-fetch).
      const status = response.statusCode;
      if (
        ((status === 301 || status === 302) && method === 'POST') ||
        (status === 303 && method !== 'HEAD')
      ) {
        method = 'GET';
        body = undefined;
        for (const name of BODY_HEADERS) delete headers[name];
      }
      if (next.origin !== target.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
      current = next.href;
      continue;
    }

    const { bytes, truncated } = await readBody(response, maxResponseBytes, signal, timeoutError);
    return {
      status: response.statusCode ?? 0,
      headers: flattenHeaders(response),
      // stream: true holds back a multi-byte character cut in half by truncation instead of mangling it.
      body: new TextDecoder().decode(bytes, { stream: truncated }),
      bytes,
      truncated,
      url: target.href,
      durationMs: Math.round(performance.now() - started),
    };
  }
}

type OutgoingRequest = {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
};

function send(
  target: URL,
  addresses: LookupAddress[],
  request: OutgoingRequest,
  signal: AbortSignal,
  timeoutError: () => TargetError,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = target.protocol === 'https:' ? https : http;
    // `hostname` stays the name (Host header, TLS SNI and certificate check); `lookup` pins the socket
    // to the addresses already checked. agent: false keeps pooled sockets from crossing checks.
    const req = transport.request({
      protocol: target.protocol,
      hostname: bareHost(target),
      port: target.port || undefined,
      path: `${target.pathname}${target.search}`,
      method: request.method,
      headers: request.headers,
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
    });
    req.on('response', resolve);
    req.on('error', (error) => reject(signal.aborted ? timeoutError() : networkError(error)));
    req.end(request.body);
  });
}

async function readBody(
  response: IncomingMessage,
  maxResponseBytes: number,
  signal: AbortSignal,
  timeoutError: () => TargetError,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let truncated = false;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const room = maxResponseBytes - kept;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        truncated = true;
        // Leaving the loop destroys the response and its socket: nothing more is read.
        break;
      }
      chunks.push(chunk);
      kept += chunk.length;
    }
  } catch (error) {
    throw signal.aborted ? timeoutError() : networkError(error);
  }
  return { bytes: Buffer.concat(chunks), truncated };
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new TargetError('invalid_url', `redirect to an invalid URL: ${location}`);
  }
}

function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  timeoutError: () => TargetError,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(timeoutError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function networkError(error: unknown): TargetError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new TargetError('network_error', code && !message.includes(code) ? `${code}: ${message}` : message, {
    cause: error,
  });
}

function flattenHeaders(response: IncomingMessage): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
