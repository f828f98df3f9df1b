// Requests as a careless or hostile client sends them, through node:http rather than fetch: fetch
// refuses TRACE and TRACK, sets Host itself and normalizes paths (`..`, `%2e`), which is exactly
// what the board part of the fuzzer needs to send as written.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent byte for byte: percent-encode anything that is not ASCII beforehand. */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Uint8Array;
  /**
   * The loopback address to send from (127.0.0.0/8 is all loopback on Linux): the server keys its
   * per-address limits on the TCP peer, so the board's forms can be fuzzed past five tries.
   */
  localAddress?: string;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** From the request's start to the answer's last byte. */
  ms: number;
}

/** node:http itself refused to send the request (a header or path it cannot write). */
export class UnsendableRequest extends Error {}

export function rawClient(base: string, { concurrency = 8, giveUpMs = 30_000 } = {}) {
  const origin = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const send = (req: RawRequest): Promise<RawAnswer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      let outgoing: ReturnType<typeof httpRequest>;
      try {
        outgoing = httpRequest({
          host: origin.hostname,
          port: origin.port,
          method: req.method,
          path: req.path,
          // Without a length, node sends a GET or DELETE body as the start of the next request.
          headers:
            req.body === undefined
              ? req.headers
              : { 'content-length': String(Buffer.byteLength(req.body)), ...req.headers },
          // Redirects to long addresses carry long Location headers; browsers take up to 256 KB.
          maxHeaderSize: 256 * 1024,
          localAddress: req.localAddress,
          agent,
        });
      } catch (error) {
        reject(new UnsendableRequest((error as Error).message));
        return;
      }
      outgoing.setTimeout(giveUpMs, () => outgoing.destroy(new Error(`no answer within ${giveUpMs} ms`)));
      outgoing.on('error', reject);
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      });
      outgoing.end(req.body);
    });
  return { send, host: origin.host, close: () => agent.destroy() };
}

export type RawClient = ReturnType<typeof rawClient>;

/** A header's value as one string (`set-cookie` and other repeated headers joined). */
export const headerOf = (answer: RawAnswer, name: string): string => {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};
