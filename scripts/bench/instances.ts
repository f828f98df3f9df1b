// Several instances (issue 30): two `npm start` servers on the bench database and one Redis, behind a
// small round-robin balancer, as a load balancer would run them. Board pages are loaded on one
// instance alone (the Redis page store) and through the balancer, each as a share of one instance's
// floor measured in the same run; the balancer counts each answer's Cache-Status for the hit ratio.
// Then 200 trials of a write through one instance and a read of the page on the other right after
// its answer, and one key's POST limit through both.
import { execFileSync } from 'node:child_process';
import { Agent, createServer, type Server as HttpServer, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { connections, duration, warmup } from './config';
import { floorOf, printTable, type Row } from './results-table';
import { rotating } from './scenarios';
import type { SeededOrg } from './seed';
import { type Server, startServer } from './server';

interface Balancer {
  baseUrl: string;
  /** Answers by Cache-Status value since the last reset. */
  statuses: Map<string, number>;
  close(): Promise<void>;
}

/** Forwards each request to the next instance in turn over kept-alive connections. */
async function startBalancer(instances: Server[]): Promise<Balancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const statuses = new Map<string, number>();
  let next = 0;
  const server: HttpServer = createServer((incoming, outgoing) => {
    const target = new URL(instances[next++ % instances.length]!.baseUrl);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        const status = String(answer.headers['cache-status'] ?? 'none');
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    statuses,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

interface PageScenario {
  name: string;
  path: string;
  /** Every address the scenario asks for, when more than `path`. */
  paths?: string[];
  options?: Partial<autocannon.Options>;
}

function pageScenarios(alpha: SeededOrg): PageScenario[] {
  const jobPage = (slug: string) => `/b/${alpha.slug}/jobs/${slug}`;
  return [
    { name: 'board home', path: `/b/${alpha.slug}` },
    { name: 'a job page', path: jobPage(alpha.liveJobSlugs[0]!) },
    {
      name: '100 job pages in turn',
      path: jobPage(alpha.liveJobSlugs[0]!),
      paths: alpha.liveJobSlugs.slice(0, 100).map(jobPage),
      options: rotating(alpha.liveJobSlugs.slice(0, 100).map(jobPage)),
    },
    { name: 'RSS feed', path: `/b/${alpha.slug}/feed.xml` },
  ];
}

const load = (baseUrl: string, scenario: PageScenario, seconds: number) =>
  autocannon({ url: baseUrl + scenario.path, connections, duration: seconds, ...scenario.options });

const rowOf = (name: string, kind: Row['kind'], result: autocannon.Result): Row => ({
  name,
  kind,
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  otherCpu: 0,
  target: kind === 'read' ? { share: 0.5 } : undefined,
});

/**
 * A live job's title changed through `writer`, then its page read through `reader` as soon as the
 * write answered, `trials` times; the reader's copy of the page is fresh from the cache before each.
 */
async function staleReads(writer: Server, reader: Server, alpha: SeededOrg, trials: number) {
  const headers = { 'x-api-key': alpha.apiKey, 'content-type': 'application/json' };
  const created = await fetch(`${writer.baseUrl}/api/jobs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'Instances trial',
      description: 'Read after write.',
      company_name: 'Bench',
    }),
  });
  const { data } = (await created.json()) as { data: { id: string; slug: string } };
  const page = `${reader.baseUrl}/b/${alpha.slug}/jobs/${data.slug}`;
  let stale = 0;
  for (let trial = 0; trial < trials; trial++) {
    const before = await fetch(page);
    await before.arrayBuffer();
    if (before.status !== 200) throw new Error(`${page} answered ${before.status}`);
    const title = `Instances trial ${trial} ${Date.now()}`;
    const written = await fetch(`${writer.baseUrl}/api/jobs/${data.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ title }),
    });
    if (!written.ok) throw new Error(`PATCH answered ${written.status}: ${await written.text()}`);
    if (!(await (await fetch(page)).text()).includes(title)) stale++;
  }
  return stale;
}

/** One fresh key at the spec's default limits, 31 POST /api/jobs through the instances in turn. */
async function postLimit(instances: Server[], env: NodeJS.ProcessEnv): Promise<number[]> {
  const created = execFileSync(
    'npm',
    ['run', '--silent', 'admin', '--', 'org:create', '--name', 'Bench Limits', '--json'],
    { env, encoding: 'utf8' },
  );
  const { api_key: key } = JSON.parse(created) as { api_key: string };
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const response = await fetch(`${instances[i % 2]!.baseUrl}/api/jobs`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Limit ${i}`, description: 'A limit check.', company_name: 'Bench' }),
    });
    statuses.push(response.status);
    await response.arrayBuffer();
  }
  return statuses;
}

export async function runInstancesBench(serverEnv: NodeJS.ProcessEnv, alpha: SeededOrg): Promise<void> {
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = { ...serverEnv, REDIS_URL: redisUrl };
  const instances = [await startServer(env), await startServer(env)];
  const balancer = await startBalancer(instances);
  const rows: Row[] = [];
  try {
    console.log(
      `\nSeveral instances: two npm start with REDIS_URL=${redisUrl}, a round-robin balancer in front.`,
    );
    const measure = async (name: string, kind: Row['kind'], baseUrl: string, scenario: PageScenario) => {
      // Each page rendered once first (first renders are the "first visits" scenario of the main run).
      for (const path of scenario.paths ?? []) await (await fetch(baseUrl + path)).arrayBuffer();
      await load(baseUrl, scenario, warmup);
      balancer.statuses.clear();
      const result = await load(baseUrl, scenario, duration);
      const row = rowOf(name, kind, result);
      rows.push(row);
      const answers = [...balancer.statuses.values()].reduce((sum, count) => sum + count, 0);
      // Stale hits too (`Boardkit; hit; ttl=-N`): answered from the store while rendered again.
      const hits = [...balancer.statuses]
        .filter(([status]) => status.startsWith('Boardkit; hit'))
        .reduce((sum, [, count]) => sum + count, 0);
      const ratio =
        baseUrl === balancer.baseUrl
          ? `, Cache-Status hit ${((hits / answers) * 100).toFixed(1)}% of ${answers}`
          : '';
      console.log(`  ${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${ratio}`);
    };
    const floor = { name: 'floor', path: '/bench/floor' };
    await measure('floor: one instance', 'floor', instances[0]!.baseUrl, floor);
    for (const scenario of pageScenarios(alpha))
      await measure(
        `one instance, Redis page store: ${scenario.name}`,
        'read',
        instances[0]!.baseUrl,
        scenario,
      );
    for (const scenario of pageScenarios(alpha))
      await measure(`two instances, round robin: ${scenario.name}`, 'read', balancer.baseUrl, scenario);
    await measure('floor again: one instance', 'floor', instances[0]!.baseUrl, floor);
    console.log(`\nShare of one instance's floor (${floorOf(rows).toFixed(0)} req/s); target ≥ 50% each:`);
    printTable(rows);

    const trials = 200;
    const stale = await staleReads(instances[0]!, instances[1]!, alpha, trials);
    console.log(`\nWrite on one instance, read the page on the other at once: ${stale} stale of ${trials}.`);
    const statuses = await postLimit(instances, env);
    const accepted = statuses.filter((status) => status < 300).length;
    console.log(
      `POST /api/jobs through both instances in turn, one key: ${accepted} of 31 accepted, the 31st ${statuses[30]}.`,
    );
  } finally {
    await balancer.close();
    for (const instance of instances) instance.stop();
  }
}
