// One request as a visitor sends it, through node:http so the path goes out byte for byte (fetch
// normalizes paths and refuses TRACE), timed from the first byte sent to the last byte read.
import http from 'node:http';
import zlib from 'node:zlib';

export interface Answer {
  method: string;
  /** The address as sent: origin and raw path. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** Set when no complete answer came: the socket failed or the time limit passed. */
  error?: string;
}

export interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Gives up after this long (the answer then carries `error` and status 0). */
  timeoutMs?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Splits an absolute URL without normalizing its path (`%ZZ`, `%00` and `..` stay as written). */
export function splitUrl(url: string): { origin: string; host: string; port: number; path: string } {
  const match = /^(https?):\/\/([^/?#]+)(.*)$/.exec(url);
  if (!match) throw new Error(`Not an absolute URL: ${url}`);
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const bracket = authority.startsWith('[') ? authority.indexOf(']') : -1;
  const colon = authority.lastIndexOf(':');
  const hasPort = colon > bracket;
  return {
    origin: `${scheme}://${authority}`,
    host: hasPort ? authority.slice(0, colon) : authority,
    port: hasPort ? Number(authority.slice(colon + 1)) : scheme === 'https' ? 443 : 80,
    path: rest.replace(/#.*$/, '') || '/',
  };
}

function decode(buffer: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return zlib.gunzipSync(buffer).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(buffer).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(buffer).toString('utf8');
  return buffer.toString('utf8');
}

export function request(url: string, ask: Ask = {}): Promise<Answer> {
  const method = ask.method ?? 'GET';
  const { host, port, path } = splitUrl(url);
  const timeoutMs = ask.timeoutMs ?? 15_000;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'method' | 'url' | 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ method, url, ms: Math.round(performance.now() - started), ...answer });
    };
    const req = http.request(
      {
        agent,
        host: host.replace(/^\[|\]$/g, ''),
        port,
        path,
        method,
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) BoardkitCrawler/1.0',
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          ...(ask.body ? { 'content-length': String(Buffer.byteLength(ask.body)) } : {}),
          ...ask.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => finish({ status: 0, headers: {}, body: '', error: error.message }));
        res.on('end', () => {
          const encoding = res.headers['content-encoding'];
          let body: string;
          try {
            body = decode(Buffer.concat(chunks), typeof encoding === 'string' ? encoding : undefined);
          } catch (error) {
            finish({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: '',
              error: `undecodable ${encoding} body: ${(error as Error).message}`,
            });
            return;
          }
          finish({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ status: 0, headers: {}, body: '', error: `no complete answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => finish({ status: 0, headers: {}, body: '', error: error.message }));
    req.end(ask.body);
  });
}

/** A JSON API call with the key; throws unless it succeeds, since the crawl needs what it makes. */
export async function api<T = Record<string, unknown>>(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'x-api-key': key,
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${method} /api${path} answered ${response.status}: ${text.slice(0, 400)}`);
  return (text ? JSON.parse(text) : {}) as T;
}
