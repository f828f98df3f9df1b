// What every answer of the board part must be, whatever was sent: no 5xx, within the time limit;
// under /api the error envelope; on a board page a page (HTML) for a 4xx; for a method a route does
// not serve a 405 (the API: with `method_not_allowed` and an `Allow` header) or a 404 page.
import { headerOf, type RawAnswer, type RawClient, type RawRequest, UnsendableRequest } from './raw-http';

export interface Probe extends RawRequest {
  /** The route it is aimed at, as Next.js names it (`/b/[board]/jobs/[slug]`), for the report. */
  route: string;
  /** A page (HTML for people) or a route handler (feeds, redirects, JSON for scripts). */
  target: 'page' | 'handler';
  kind: string;
  /**
   * `unserved`: a method the route does not serve, 405 (or a 404 page outside the API);
   * `options`: 2xx with an `Allow` header, or (pages) a 405 or 404 page.
   */
  expect?: 'unserved' | 'options';
  /** Its own time limit: a body of megabytes takes its time to arrive on a loaded machine. */
  timeLimitMs?: number;
}

export interface FuzzFailure {
  operation: string;
  kind: string;
  problem: string;
  request: string;
  /** The answer's x-request-id, which the server's log names its errors by. */
  requestId?: string;
}

export interface ProbeTally {
  requests: number;
  statuses: Map<string, number>;
  failures: FuzzFailure[];
  /** Routes that answered a 2xx or 3xx at least once (a real page was reached, not only refusals). */
  reached: Set<string>;
  /** Things worth a look that break no rule, once each: printed, never failing. */
  notes: Map<string, string>;
  slowest: { ms: number; request: string };
  /** Requests and the time their answers took, by the family of their kind (`query`, `odd method`). */
  costs: Map<string, { count: number; ms: number }>;
}

export const newTally = (): ProbeTally => ({
  requests: 0,
  statuses: new Map(),
  failures: [],
  reached: new Set(),
  notes: new Map(),
  slowest: { ms: 0, request: '' },
  costs: new Map(),
});

/** `hostile [slug]: dot-dot` → `hostile [slug]`; `odd method FOO` → `odd method`. */
const familyOf = (kind: string) => kind.split(':')[0]!.replace(/ (?:[A-Z]+|#\d+|\w+Action)$/, '');

const isRsc = (probe: Probe) =>
  Object.keys(probe.headers ?? {}).some((name) => ['rsc', 'next-action'].includes(name.toLowerCase()));

/** The rule `answer` breaks, or null. */
export function problemWith(probe: Probe, answer: RawAnswer, timeLimitMs: number): string | null {
  const { status, text } = answer;
  if (status >= 500) return `server error ${status}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`;
  const limit = probe.timeLimitMs ?? timeLimitMs;
  if (answer.ms > limit) return `answered ${status} after ${Math.round(answer.ms)} ms (limit ${limit} ms)`;
  // Node itself refuses headers past its 16 KB limit, before any of the app runs.
  if (status === 431) return null;
  const api = probe.path.startsWith('/api/');
  // RFC 9110, 15.5.6: a 405 names the methods the address does take.
  if (status === 405 && !headerOf(answer, 'allow')) return 'a 405 without an Allow header';
  if (probe.expect === 'unserved') {
    if (api) {
      if (status !== 405) return `${probe.method} answered ${status}, not 405`;
      const allow = headerOf(answer, 'allow');
      if (allow.split(/,\s*/).includes(probe.method))
        return `a 405 whose Allow header lists ${probe.method}: ${allow}`;
    } else if (status !== 405 && status !== 404) {
      return `${probe.method} answered ${status}, not 405 or a 404 page`;
    }
  }
  if (probe.expect === 'options') {
    const allowed = status < 300 && headerOf(answer, 'allow') !== '';
    if (!allowed && (api || (status !== 405 && status !== 404)))
      return `OPTIONS answered ${status}${status < 300 ? ' without an Allow header' : ''}, not 204 with Allow${api ? '' : ' or a 405 page'}`;
  }
  if (status < 400 || probe.method === 'HEAD') return null;
  const type = headerOf(answer, 'content-type');
  if (api) {
    if (!type.startsWith('application/json'))
      return `a ${status} under /api with content-type ${type || 'none'}: ${text.slice(0, 120)}`;
    let error: { code?: unknown; message?: unknown } | undefined;
    try {
      error = (JSON.parse(text) as { error?: typeof error })?.error;
    } catch {
      return `a ${status} under /api whose body is not JSON: ${text.slice(0, 200)}`;
    }
    if (typeof error?.code !== 'string' || typeof error.message !== 'string' || !error.message)
      return `a ${status} outside the error envelope: ${text.slice(0, 200)}`;
    if (probe.expect === 'unserved' && error.code !== 'method_not_allowed')
      return `a 405 with code ${error.code}`;
    if (!headerOf(answer, 'x-request-id')) return `a ${status} without x-request-id`;
    return null;
  }
  // Pages answer people with a page; RSC and server-action requests are the router's own traffic.
  if (probe.target === 'page' && !isRsc(probe)) {
    if (!type.startsWith('text/html'))
      return `a ${status} page with content-type ${type || 'none'}: ${text.slice(0, 120)}`;
    if (text.trim() === '') return `an empty ${status} page`;
  }
  return null;
}

export function requestLine(probe: Probe): string {
  const headers = Object.entries(probe.headers ?? {})
    .map(([name, value]) => `${name}: ${String(value).slice(0, 80)}${String(value).length > 80 ? '…' : ''}`)
    .join('; ');
  const body =
    probe.body === undefined
      ? ''
      : typeof probe.body === 'string'
        ? ` body ${probe.body.slice(0, 200)}${probe.body.length > 200 ? `… (${probe.body.length} chars)` : ''}`
        : ` body <${probe.body.length} bytes>`;
  const path =
    probe.path.length > 300 ? `${probe.path.slice(0, 300)}… (${probe.path.length} chars)` : probe.path;
  return `${probe.method} ${path}${headers ? ` [${headers}]` : ''}${body}${probe.localAddress ? ` from ${probe.localAddress}` : ''}`;
}

/**
 * A route handler that answers a person's GET (a link in a page or a mail) with a text/plain error:
 * no rule says a handler answers HTML, but people see these. Noted once per route and status.
 */
function noteTextAnswer(probe: Probe, answer: RawAnswer, tally: ProbeTally): void {
  if (
    probe.target !== 'handler' ||
    probe.method !== 'GET' ||
    // 5xx are failures already.
    answer.status < 400 ||
    answer.status >= 500 ||
    probe.path.startsWith('/api/')
  )
    return;
  if (!headerOf(answer, 'content-type').startsWith('text/plain')) return;
  const key = `${probe.route} ${answer.status}`;
  if (!tally.notes.has(key)) {
    tally.notes.set(
      key,
      `GET ${probe.route} answers ${answer.status} in text/plain (“${answer.text.trim().slice(0, 60)}”), e.g. ${probe.path.slice(0, 120)}`,
    );
  }
}

/** Sends every probe, `concurrency` at a time, and checks each answer into `tally`. */
export async function runProbes(
  client: RawClient,
  probes: Probe[],
  tally: ProbeTally,
  { concurrency, timeLimitMs }: { concurrency: number; timeLimitMs: number },
  inspect?: (probe: Probe, answer: RawAnswer) => string | null,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const fail = (problem: string, answer?: RawAnswer) =>
        tally.failures.push({
          operation: `${probe.method} ${probe.route}`,
          kind: probe.kind,
          problem,
          request: requestLine(probe),
          ...(answer && headerOf(answer, 'x-request-id')
            ? { requestId: headerOf(answer, 'x-request-id') }
            : {}),
        });
      let answer: RawAnswer;
      try {
        answer = await client.send(probe);
      } catch (error) {
        if (error instanceof UnsendableRequest)
          tally.notes.set(`unsendable ${probe.kind}`, `not sendable (${error.message}): ${probe.kind}`);
        else fail(`no answer: ${(error as Error).message}`);
        continue;
      }
      tally.requests++;
      tally.statuses.set(String(answer.status), (tally.statuses.get(String(answer.status)) ?? 0) + 1);
      const family = tally.costs.get(familyOf(probe.kind)) ?? { count: 0, ms: 0 };
      tally.costs.set(familyOf(probe.kind), { count: family.count + 1, ms: family.ms + answer.ms });
      if (answer.ms > tally.slowest.ms) tally.slowest = { ms: answer.ms, request: requestLine(probe) };
      if (answer.status < 400 && !probe.expect) tally.reached.add(`${probe.method} ${probe.route}`);
      noteTextAnswer(probe, answer, tally);
      const problem = problemWith(probe, answer, timeLimitMs) ?? inspect?.(probe, answer) ?? null;
      if (problem) fail(problem, answer);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
