// Runs every scenario under autocannon on a settled machine and reports the results.
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { connections, duration, warmup } from './config';
import type { BenchDatabase } from './database';
import { checkRelevance, describeRelevance, type FoundJob } from './relevance';
import { cpuPercent, cpuSnapshot, describeMemory, settle } from './resource-usage';
import { floorOf, printTable, type Row } from './results-table';
import { type Scenario, scenariosFor } from './scenarios';
import type { SeededOrg } from './seed';
import type { Server } from './server';
import { noisePng } from './upload-body';

function load(
  baseUrl: string,
  scenario: Scenario,
  apiKey: string,
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl + scenario.path,
    connections: scenario.connections ?? connections,
    duration: seconds,
    headers: scenario.kind === 'floor' ? {} : { 'x-api-key': apiKey },
    ...scenario.options,
  });
}

function statusSummary(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}×${count ?? 0}`)
    .join(' ');
}

/** One request per distinct GET before any load, so its status and match count show up front. */
async function probe(server: Server, alpha: SeededOrg, scenarios: Scenario[]): Promise<void> {
  for (const scenario of scenarios) {
    if (scenario.options?.method === 'POST' || scenario.connections) continue;
    if (scenario.kind === 'floor' && scenario !== scenarios[0]) continue;
    const response = await fetch(server.baseUrl + (scenario.probe ?? scenario.path), {
      headers: { 'x-api-key': alpha.apiKey },
    });
    const body = (await response.json().catch(() => null)) as {
      meta?: { pagination?: { total_items?: number } };
    } | null;
    const total = body?.meta?.pagination?.total_items;
    console.log(
      `  ${scenario.name}: ${response.status}${total === undefined ? '' : `, ${total} matching jobs`}`,
    );
  }
}

/** The relevance check through the API, before any load (every search a cache miss). */
async function relevanceOverApi(server: Server, alpha: SeededOrg) {
  const get = async (path: string) =>
    (
      (await (await fetch(server.baseUrl + path, { headers: { 'x-api-key': alpha.apiKey } })).json()) as {
        data: FoundJob[];
      }
    ).data;
  const [newest] = await get('/api/jobs?per_page=1');
  return checkRelevance(newest!.company_name, (search) =>
    get(`/api/jobs?per_page=3&search=${encodeURIComponent(search)}`),
  );
}

export async function runLoad(server: Server, alpha: SeededOrg, database: BenchDatabase): Promise<void> {
  const only = process.env.BENCH_ONLY?.toLowerCase().split('|');
  const scenarios = scenariosFor(alpha, await noisePng()).filter(
    (scenario) =>
      !only || scenario.kind === 'floor' || only.some((text) => scenario.name.toLowerCase().includes(text)),
  );
  console.log(`\nServer: npm start at ${server.baseUrl}; load on ${alpha.slug} (${alpha.jobs} jobs).`);
  await probe(server, alpha, scenarios);
  console.log(`\n${describeRelevance(await relevanceOverApi(server, alpha))}`);
  console.log(
    `\nLoad: autocannon, ${connections} connections, ${warmup} s warm-up then ${duration} s per scenario, loopback.`,
  );

  const rows: Row[] = [];
  const report = (row: Row, result: autocannon.Result, otherCpu: number) => {
    rows.push(row);
    console.log(
      `  ${row.name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
        (row.non2xx ? `, non-2xx: ${statusSummary(result)}` : '') +
        (row.errors ? `, ${row.errors} errors (${result.timeouts} timeouts after 10 s)` : '') +
        `; other work used ${otherCpu.toFixed(0)}% of the machine's CPU`,
    );
  };
  const rowOf = (
    scenario: Omit<Scenario, 'background'>,
    result: autocannon.Result,
    otherCpu: number,
  ): Row => ({
    name: scenario.name,
    kind: scenario.kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    otherCpu,
    p50TargetMs: scenario.p50TargetMs,
    target: scenario.target,
  });
  // The measured load, and its background load (a mixed scenario's writes) over the same seconds.
  const loadWithBackground = (scenario: Scenario, seconds: number) =>
    Promise.all([
      load(server.baseUrl, scenario, alpha.apiKey, seconds),
      scenario.background
        ? load(server.baseUrl, { ...scenario.background, kind: 'info' }, alpha.apiKey, seconds)
        : undefined,
    ]);
  for (const scenario of scenarios) {
    await settle(server.pid, database.name);
    await loadWithBackground(scenario, warmup);
    await settle(server.pid, database.name);
    const before = cpuSnapshot(server.pid, database.name);
    const [result, background] = await loadWithBackground(scenario, duration);
    const otherCpu = cpuPercent(before, cpuSnapshot(server.pid, database.name)).other;
    report(rowOf(scenario, result, otherCpu), result, otherCpu);
    if (scenario.background && background) {
      report(rowOf({ ...scenario.background, kind: 'read' }, background, otherCpu), background, otherCpu);
    }
  }

  console.log(
    `\nTargets: each read row's \`target\` column, as a share of the floor's req/s (the faster floor run, ` +
      `${floorOf(rows).toFixed(0)} req/s) and a p99, at ${connections} connections; GET /api/salaries p50 < 10 ms and POST /api/locations preview p50 < 20 ms warm, measured with 1 connection ` +
      `(at ${connections} connections every route, the floor included, queues: p50 is about connections / req/s).`,
  );
  printTable(rows);
  console.log(`\n${await describeMemory(server, 'after load')} Database: ${database.label}.`);
  console.log(
    `Machine: ${availableParallelism()} CPUs shared by server, database and load generator; "other CPU" is ` +
      'the share of the machine that work outside this run used during the measurement (PostgreSQL parallel ' +
      'query workers of this run count there too).',
  );
}
