// npm run bench: seeds a board of BENCH_JOBS jobs over 2 organizations, starts `npm start` (server.mjs) on it and
// loads each API endpoint with autocannon beside a trivial Next route (the framework floor). Prints a
// table; asserts nothing. DATABASE_URL (PostgreSQL) names a database that is dropped, created, migrated
// and kept afterwards for EXPLAIN; unset, a throwaway embedded PGlite is used. BENCH_JOBS (100000),
// BENCH_DURATION (seconds per scenario, 10) and BENCH_CONNECTIONS (50) size the run; BENCH_SKIP_BUILD=1
// reuses the last build in .next-bench; BENCH_ONLY=<text>[|<text>…] runs only the scenarios whose name contains
// one of them (plus the floor). Uploads go to a temporary MEDIA_DIR, removed afterwards. Then webhooks: BENCH_WEBHOOK_EVENTS (10000) job.created events
// delivered to a local receiver that fails 20% of requests (PostgreSQL only). Job alerts (BENCH_ALERTS, 100000):
// matching a new job against them and a daily digest run, in-process before the server starts. Analytics
// (BENCH_EVENTS, 10000000): the ingest path, summing days and 30-day queries, in-process too. Several
// instances (PostgreSQL only): two servers on one Redis (BENCH_REDIS_URL, default the local one) behind
// a round-robin balancer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAlertBench } from './bench/alerts';
import { runAnalyticsBench } from './bench/analytics';
import { distDir } from './bench/config';
import { openBenchDatabase } from './bench/database';
import { runInstancesBench } from './bench/instances';
import { runLoad } from './bench/load';
import { describeMemory } from './bench/resource-usage';
import { seedAndAnalyze } from './bench/seed';
import { build, type Server, startServer } from './bench/server';
import { runWebhookLoad } from './bench/webhooks';

const database = await openBenchDatabase();
console.log(`Database: ${database.label}`);
let server: Server | undefined;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'boardkit-bench-media-'));
try {
  const [alpha, beta] = await seedAndAnalyze(database);
  const only = process.env.BENCH_ONLY?.toLowerCase();
  // In-process, before the server starts (its own alert worker would compete for the same rows).
  if (!only || only.includes('alert')) await runAlertBench(beta!, database.env.DATABASE_URL);
  if (!only || only.includes('analytics')) await runAnalyticsBench(alpha!, beta!, database.env.DATABASE_URL);
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...database.env,
    NEXT_DIST_DIR: distDir,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: 'silent',
    BENCHMARK: '1',
    // The webhook scenario's receiver listens on loopback.
    ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  if (process.env.BENCH_SKIP_BUILD !== '1') build(serverEnv);
  server = await startServer(serverEnv);
  await runLoad(server, alpha!, database);
  if (!only || only.includes('webhook')) {
    await runWebhookLoad(server, beta!, database.env.DATABASE_URL);
    console.log(await describeMemory(server, 'after the whole bench'));
  }
  server.stop();
  // Last: its trials write jobs to the board the scenarios above measure.
  if ((!only || only.includes('instances')) && database.env.DATABASE_URL)
    await runInstancesBench(serverEnv, alpha!);
} finally {
  server?.stop();
  database.cleanup();
  rmSync(mediaDir, { recursive: true, force: true });
}
