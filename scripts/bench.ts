// npm run bench: load against `next start` (run `npm run build` first). Prints a table; asserts nothing.
// BENCH_URL + BENCH_API_KEY target a server that is already running; otherwise one is started on a
// throwaway embedded database. BENCH_REQUESTS and BENCH_CONCURRENCY size the load.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Scenario {
  name: string;
  path: string;
  keyed: boolean;
}

const scenarios: Scenario[] = [
  { name: 'GET /api/health (no key)', path: '/api/health', keyed: false },
  { name: 'GET /api/organization (key, rate limit)', path: '/api/organization', keyed: true },
  { name: 'GET /api/organization (bad key, 401)', path: '/api/organization', keyed: false },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(baseUrl: string, scenario: Scenario, apiKey: string) {
  const headers = { 'x-api-key': scenario.keyed ? apiKey : 'bk_notARealKey000000000000000000000000000000' };
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const t0 = performance.now();
        const response = await fetch(baseUrl + scenario.path, { headers });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    'req/s': Math.round(latencies.length / seconds),
    'p50 ms': percentile(latencies, 50).toFixed(1),
    'p95 ms': percentile(latencies, 95).toFixed(1),
    'p99 ms': percentile(latencies, 99).toFixed(1),
    statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
  };
}

function rssMb(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return 'n/a';
  }
}

async function startServer(): Promise<{ baseUrl: string; apiKey: string; pid: number; stop: () => void }> {
  const port = Number(process.env.BENCH_PORT ?? 3400);
  const env = {
    ...process.env,
    PGLITE_DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'boardkit-bench-')), 'pglite'),
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) =>
    execFileSync('node_modules/.bin/tsx', ['scripts/admin.ts', ...args], { env, encoding: 'utf8' });
  const { api_key: apiKey } = JSON.parse(admin('org:create', '--name', 'Bench', '--slug', 'bench', '--json'));
  // Measure the server, not the limiter: lift this organization's GET limit.
  admin('org:limits', '--org', 'bench', '--get', String(requests * 10));
  const server = spawn('node_modules/.bin/next', ['start', '-p', String(port)], { env, stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseUrl, apiKey, pid: server.pid!, stop: () => server.kill() };
}

const external = process.env.BENCH_URL && process.env.BENCH_API_KEY;
const target = external
  ? { baseUrl: process.env.BENCH_URL!, apiKey: process.env.BENCH_API_KEY!, pid: 0, stop: () => {} }
  : await startServer();
try {
  // Warm up compilation caches and the database connection.
  for (const scenario of scenarios)
    await fetch(target.baseUrl + scenario.path, { headers: { 'x-api-key': target.apiKey } });
  const rows = [];
  for (const scenario of scenarios) rows.push(await run(target.baseUrl, scenario, target.apiKey));
  console.log(`\n${requests} requests per scenario, ${concurrency} concurrent, against ${target.baseUrl}`);
  console.table(rows);
  if (target.pid) console.log(`server RSS after load: ${rssMb(target.pid)}`);
} finally {
  target.stop();
}
