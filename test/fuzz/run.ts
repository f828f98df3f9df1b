// The contract fuzzer (test/fuzz/ci.sh runs it against `npm start` on a fresh database). It reads the
// OpenAPI document the server serves and, for every operation, sends requests the schemas accept,
// requests with one field made hostile, broken bodies, hostile query and path values and headers.
// Every answer must keep the contract (contract.ts). Then the board part (board-run.ts): every board
// route and the keyless routes its pages call, with hostile paths, queries, headers and bodies, and
// odd methods on every route of the app. Reproduce a run with FUZZ_SEED; FUZZ_PARTS=api or board
// runs one part.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { type BoardRun, fuzzBoard, printBoardRun } from './board-run';
import { Contract, type OpenApiDocument, type OpenApiOperation } from './contract';
import { hostileHeaders, hostileStrings, hostileValues, rawBodies } from './hostile';
import { printKnownIssues, sortFailures } from './known-issues';
import { arbitraryFor, type JsonSchema } from './schema-arbitrary';
import { seeds } from './seeds';

const base = requiredEnv('FUZZ_BASE_URL');
const apiKey = requiredEnv('FUZZ_API_KEY');
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const validRuns = Number(process.env.FUZZ_VALID_RUNS ?? 30);
const concurrency = 8;
const parts = (process.env.FUZZ_PARTS ?? 'api,board').split(',');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required (see test/fuzz/ci.sh).`);
  return value;
}

interface Operation {
  method: string;
  template: string;
  operation: OpenApiOperation;
  keyed: boolean;
  bodySchema?: JsonSchema;
}

interface Case {
  kind: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  contentType?: string | null;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Sends the same request again and expects the same answer, marked as a replay. */
  replay?: boolean;
}

interface Failure {
  operation: string;
  kind: string;
  problem: string;
  request: string;
}

const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as OpenApiDocument;
const prefix = new URL(document.servers[0]!.url).pathname.replace(/\/$/, '');
const contract = new Contract(document);
const resolve = (ref: string) => document.components.schemas[ref.replace('#/components/schemas/', '')]!;
const sample = <T>(arbitrary: fc.Arbitrary<T>, count: number, offset: number) =>
  fc.sample(arbitrary, { numRuns: count, seed: seed + offset });

const operations: Operation[] = Object.entries(document.paths).flatMap(([template, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    method: method.toUpperCase(),
    template,
    operation,
    keyed: operation.security === undefined || operation.security.length > 0,
    bodySchema: operation.requestBody?.content['application/json']?.schema,
  })),
);
const methodOrder = ['POST', 'PUT', 'GET', 'PATCH', 'DELETE'];
const depth = (template: string) => template.split('/').length;
// Creates before reads before deletes, parents before children: later paths find real ids.
operations.sort((a, b) =>
  a.method === 'DELETE' || b.method === 'DELETE'
    ? Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || depth(b.template) - depth(a.template)
    : depth(a.template) - depth(b.template) || methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method),
);

/** Concrete paths of real resources, by the template they fill (`/jobs/{id}` → `/jobs/6ba7…`). */
const pool = new Map<string, Set<string>>();
const templates = new Set(operations.map((operation) => operation.template));

function harvest(template: string, path: string, text: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  // CMS answers carry `collection` or `item` (and `items` in lists) where others carry `data`.
  const { data, collection, item, items: listed } = (body ?? {}) as Record<string, unknown>;
  const found = data ?? item ?? collection ?? listed;
  const items = Array.isArray(found) ? found : found ? [found] : [];
  for (const child of templates) {
    const match = child.startsWith(`${template}/{`) && /^\/\{([a-z_]+)\}$/.exec(child.slice(template.length));
    if (!match) continue;
    const name = match[1]!;
    for (const entry of items as Record<string, unknown>[]) {
      const value = entry?.[name] ?? entry?.id;
      if (typeof value === 'string' || typeof value === 'number') {
        const paths = pool.get(child) ?? new Set<string>();
        pool.set(child, paths);
        if (paths.size < 50) paths.add(`${path}/${encodeURIComponent(String(value))}`);
      }
    }
  }
}

/** A concrete path for `template`: real where the pool knows one, otherwise generated. */
function concretePath(template: string, index: number): string {
  for (let end = template.length; end > 0; end = template.lastIndexOf('/', end - 1)) {
    const known = [...(pool.get(template.slice(0, end)) ?? [])];
    if (known.length > 0) return fillParams(known[index % known.length]! + template.slice(end), index);
  }
  return fillParams(template, index);
}

function fillParams(path: string, index: number): string {
  return path.replace(/\{[a-z_]+\}/g, () =>
    index % 2 === 0
      ? crypto.randomUUID()
      : encodeSegment(sample(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), 1, index)[0]!),
  );
}

/** Percent-encodes anything, lone surrogates included (as the bytes a careless client would send). */
function encodeSegment(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${[0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => b.toString(16).toUpperCase()).join('%')}`;
    else out += encodeURIComponent(char).replaceAll('.', '%2E');
  }
  return out;
}

function queryString(values: Record<string, unknown>): string {
  const parts = Object.entries(values).map(
    ([name, value]) =>
      `${encodeSegment(name)}=${encodeSegment(Array.isArray(value) ? value.join(',') : String(value))}`,
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function queryArbitrary(operation: OpenApiOperation): fc.Arbitrary<Record<string, unknown>> {
  const params = (operation.parameters ?? []).filter((param) => param.in === 'query');
  return fc.record(
    Object.fromEntries(params.map((param) => [param.name, arbitraryFor(param.schema, resolve)])),
    { requiredKeys: params.filter((param) => param.required).map((param) => param.name) },
  );
}

function casesFor(op: Operation, offset: number): Case[] {
  const cases: Case[] = [];
  const queries = sample(queryArbitrary(op.operation), validRuns, offset);
  const bodies = op.bodySchema ? sample(arbitraryFor(op.bodySchema, resolve), validRuns, offset + 1) : [];
  for (let run = 0; run < validRuns; run++) {
    const keyedWrite = op.method !== 'GET' && run % 4 === 0;
    cases.push({
      kind: 'valid',
      path: concretePath(op.template, run),
      query: queryString(queries[run]!),
      ...(op.bodySchema ? { contentType: 'application/json', body: JSON.stringify(bodies[run]) } : {}),
      ...(keyedWrite ? { headers: { 'idempotency-key': crypto.randomUUID() }, replay: true } : {}),
    });
  }
  const validBody = (index: number) =>
    (bodies[index % Math.max(bodies.length, 1)] ?? {}) as Record<string, unknown>;
  if (op.bodySchema) {
    const fields = Object.keys(
      (op.bodySchema.$ref ? resolve(op.bodySchema.$ref) : op.bodySchema).properties ?? {},
    );
    let index = 0;
    for (const field of fields) {
      for (let round = 0; round < 3; round++, index++) {
        const value = hostileValues[(index * 7 + offset) % hostileValues.length];
        cases.push({
          kind: `hostile body field ${field}`,
          path: concretePath(op.template, index),
          contentType: 'application/json',
          body: JSON.stringify({ ...validBody(index), [field]: value }),
        });
      }
    }
    for (const [i, value] of hostileValues.entries()) {
      cases.push({
        kind: 'hostile whole body',
        path: concretePath(op.template, i),
        contentType: 'application/json',
        body: JSON.stringify(value),
      });
    }
    for (const [i, raw] of rawBodies.entries()) {
      cases.push({
        kind: `raw body: ${raw.name}`,
        path: concretePath(op.template, i),
        contentType: raw.contentType,
        body: raw.body,
      });
    }
  }
  const queryParams = (op.operation.parameters ?? []).filter((param) => param.in === 'query');
  queryParams.forEach((param, p) => {
    for (let round = 0; round < 4; round++) {
      const value = hostileStrings[(p * 5 + round * 3 + offset) % hostileStrings.length]!;
      cases.push({
        kind: `hostile query ${param.name}`,
        path: concretePath(op.template, round),
        query: `?${encodeSegment(param.name)}=${encodeSegment(value)}`,
      });
    }
    cases.push({
      kind: `repeated query ${param.name}`,
      path: concretePath(op.template, p),
      query: `?${param.name}=1&${param.name}=2`,
    });
  });
  if (queryParams.length > 0 || op.method === 'GET') {
    cases.push({
      kind: 'unknown query parameter',
      path: concretePath(op.template, 0),
      query: '?zzz=1&__proto__=x',
    });
  }
  if (op.template.includes('{')) {
    // An empty segment or a dot segment is another URL, not a value (clients normalize `..` away).
    for (const value of hostileStrings.filter((value) => !/^\.*$/.test(value))) {
      cases.push({
        kind: 'hostile path parameter',
        path: op.template
          .replace(/\{[a-z_]+\}/, encodeSegment(value))
          .replace(/\{[a-z_]+\}/g, crypto.randomUUID()),
        ...(op.bodySchema ? { contentType: 'application/json', body: JSON.stringify(validBody(0)) } : {}),
      });
    }
  }
  for (const headers of hostileHeaders) {
    cases.push({
      kind: `hostile header ${Object.keys(headers)[0]}`,
      path: concretePath(op.template, 0),
      headers,
      ...(op.bodySchema ? { contentType: 'application/json', body: JSON.stringify(validBody(1)) } : {}),
    });
  }
  if (op.keyed) {
    cases.push({ kind: 'no API key', path: concretePath(op.template, 0), headers: { 'x-api-key': '' } });
    cases.push({
      kind: 'forged API key',
      path: concretePath(op.template, 0),
      headers: { 'x-api-key': `bk_live_${'A'.repeat(40)}` },
    });
  }
  return cases;
}

async function send(op: Operation, testCase: Case) {
  const headers: Record<string, string> = {};
  if (op.keyed) headers['x-api-key'] = apiKey;
  if (testCase.contentType) headers['content-type'] = testCase.contentType;
  Object.assign(headers, testCase.headers);
  if (headers['x-api-key'] === '') delete headers['x-api-key'];
  const url = `${base}${prefix}${testCase.path}${testCase.query ?? ''}`;
  const response = await fetch(url, {
    method: op.method,
    headers,
    body: op.method === 'GET' || op.method === 'DELETE' ? undefined : testCase.body,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const failures: Failure[] = [];
const statuses = new Map<string, number>();
const successes = new Map<string, number>();
let requests = 0;
const started = performance.now();

async function runCase(op: Operation, testCase: Case): Promise<void> {
  const name = `${op.method} ${op.template}`;
  const fail = (problem: string) =>
    failures.push({
      operation: name,
      kind: testCase.kind,
      problem,
      request: `${op.method} ${testCase.path}${testCase.query ?? ''} ${typeof testCase.body === 'string' ? testCase.body.slice(0, 300) : testCase.body ? `<${testCase.body.length} bytes>` : ''}`,
    });
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send(op, testCase);
  } catch (error) {
    fail(`no answer: ${(error as Error).message}`);
    return;
  }
  requests++;
  statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
  const problem = contract.check(op.operation, answer);
  if (problem) fail(problem);
  if (answer.status < 300) {
    successes.set(name, (successes.get(name) ?? 0) + 1);
    harvest(op.template, testCase.path, answer.text);
  }
  if (testCase.replay && answer.status < 500) {
    // A success must be replayed; a refusal is replayed or (input refused before the write ran,
    // which keeps nothing) refused again the same way.
    const again = await send(op, testCase);
    requests++;
    const replayed = again.headers.get('idempotent-replayed') === 'true';
    const same = again.status === answer.status && (!replayed || again.text === answer.text);
    if (!same) {
      fail(
        `an Idempotency-Key retry answered ${again.status} ${again.text.slice(0, 120)} after ${answer.status}`,
      );
    } else if (answer.status < 300 && !replayed) {
      fail('an Idempotency-Key retry of a success was not replayed');
    }
  }
}

/** The operation whose template `path` fills. */
function operationFor(method: string, path: string): Operation {
  const found = operations.find(
    (op) =>
      op.method === method && new RegExp(`^${op.template.replace(/\{[a-z_]+\}/g, '[^/]+')}$`).test(path),
  );
  if (!found) throw new Error(`No operation for ${method} ${path}`);
  return found;
}

const seeded = new Map<string, string>();
for (const seed of seeds) {
  const path = seed.path.replace(/\{([a-z]+)\}/g, (_, name: string) => seeded.get(name) ?? `{${name}}`);
  const op = operationFor(seed.method, path.split('?')[0]!);
  const response = await fetch(`${base}${prefix}${path}`, {
    method: seed.method,
    headers: {
      ...(op.keyed ? { 'x-api-key': apiKey } : {}),
      ...(seed.json ? { 'content-type': 'application/json' } : {}),
      ...seed.headers,
    },
    body: seed.multipart ? await seed.multipart() : seed.json ? JSON.stringify(seed.json) : undefined,
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Seed ${seed.method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  const problem = contract.check(op.operation, { status: response.status, headers: response.headers, text });
  if (problem)
    failures.push({ operation: `${op.method} ${op.template}`, kind: 'seed', problem, request: path });
  successes.set(`${op.method} ${op.template}`, (successes.get(`${op.method} ${op.template}`) ?? 0) + 1);
  harvest(op.template, path.split('?')[0]!, text);
  if (seed.as) {
    const answer = JSON.parse(text) as { data?: { id: string }; collection?: { slug: string } };
    seeded.set(seed.as, encodeURIComponent(answer.collection?.slug ?? answer.data!.id));
  }
}

for (const [index, op] of parts.includes('api') ? operations.entries() : []) {
  const cases = casesFor(op, index * 1000);
  for (let start = 0; start < cases.length; start += concurrency) {
    await Promise.all(cases.slice(start, start + concurrency).map((testCase) => runCase(op, testCase)));
  }
}

const apiSeconds = ((performance.now() - started) / 1000).toFixed(1);
let board: BoardRun | undefined;
if (parts.includes('board')) {
  board = await fuzzBoard({
    base,
    apiKey,
    seed,
    document,
    apiPrefix: prefix,
    concurrency,
    timeLimitMs: Number(process.env.FUZZ_TIME_LIMIT_MS ?? 5_000),
    randomRuns: Number(process.env.FUZZ_BOARD_RANDOM_RUNS ?? 2),
    distDir: process.env.NEXT_DIST_DIR ?? '.next',
  });
  failures.push(...board.tally.failures);
}

const health = await fetch(`${base}/api/health`);
if (health.status !== 200)
  failures.push({
    operation: 'GET /health',
    kind: 'after the run',
    problem: `health ${health.status}`,
    request: '',
  });

const neverSucceeded = operations
  .map((op) => `${op.method} ${op.template}`)
  .filter((name) => !successes.has(name));
const tallied = (counts: Map<string, number>) =>
  [...counts]
    .sort()
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
if (parts.includes('api')) {
  console.log(
    `Fuzzed ${operations.length} operations with ${requests} requests in ${apiSeconds} s (seed ${seed}).`,
  );
  console.log(`Statuses: ${tallied(statuses)}`);
  console.log(
    `Operations never answered 2xx (only refusals were reachable): ${neverSucceeded.join(', ') || 'none'}`,
  );
}
if (board) printBoardRun(board, seed);
// Failures of the known product bugs (known-issues.ts) are listed without failing the run, unless
// FUZZ_STRICT=1; a known issue the board part no longer meets fails it, so its entry goes.
const { known, unknown } = sortFailures(failures);
const failing = process.env.FUZZ_STRICT === '1' ? failures : unknown;
failing.push(...printKnownIssues(known, board !== undefined));
// ci.sh leaves these out when it looks for unhandled errors in the server's log.
if (process.env.FUZZ_KNOWN_REQUEST_IDS_FILE && process.env.FUZZ_STRICT !== '1') {
  const ids = [...known.values()].flat().flatMap((failure) => failure.requestId ?? []);
  writeFileSync(process.env.FUZZ_KNOWN_REQUEST_IDS_FILE, ids.map((id) => `"request_id":"${id}"\n`).join(''));
}
if (process.env.FUZZ_FAILURES_FILE)
  writeFileSync(process.env.FUZZ_FAILURES_FILE, JSON.stringify(failures, null, 1));
if (failing.length > 0) {
  const groups = new Map<string, Failure[]>();
  for (const failure of failing) {
    const group = `${failure.operation} | ${failure.problem.slice(0, 80)}`;
    groups.set(group, [...(groups.get(group) ?? []), failure]);
  }
  console.log(`\n${failing.length} contract violations in ${groups.size} groups:`);
  for (const [group, members] of [...groups].slice(0, 60)) {
    console.log(`\n✗ ${group} (${members.length}×)`);
    for (const member of members.slice(0, 2))
      console.log(`  ${member.kind}: ${member.problem}\n    ${member.request}`);
  }
  if (groups.size > 60)
    console.log(`\n… and ${groups.size - 60} more groups (FUZZ_FAILURES_FILE=<path> writes every failure).`);
  console.log(`\nReproduce with FUZZ_SEED=${seed}.`);
  process.exit(1);
}
console.log(
  failures.length > 0 ? 'No contract violations but the known issues above.' : 'No contract violations.',
);
