// Webhooks end to end: job writes through the API, events through the outbox and the in-process
// worker, to a local receiver that fails 20% of requests. Measures delivery throughput and the
// latency from each write's response to its event's arrival, and checks nothing is lost or doubled.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { categoryNames } from './category-tree';
import { postBodies } from './job-generator';
import { random, reseed } from './random';
import type { SeededOrg } from './seed';
import type { Server } from './server';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const FAILURE_RATE = 0.2;
const WRITE_CONNECTIONS = 20;
const DEADLINE_MS = 300_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

interface Arrival {
  at: number;
  ok: boolean;
}

function startReceiver(arrivals: Map<string, Arrival[]>, jobOf: Map<string, string>) {
  reseed(2026);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const id = String(request.headers['webhook-id']);
      const ok = random() >= FAILURE_RATE;
      if (!jobOf.has(id)) jobOf.set(id, JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id);
      arrivals.set(id, [...(arrivals.get(id) ?? []), { at, ok }]);
      response.writeHead(ok ? 200 : 500).end();
    });
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        close: () => server.close(),
      }),
    ),
  );
}

/**
 * Runs the scenario on `org` (PostgreSQL only: retry waits of 5 s to 10 h are skipped by moving due
 * times to now from a second connection, so the run ends in minutes; the retries themselves are real).
 */
export async function runWebhookLoad(server: Server, org: SeededOrg, databaseUrl: string | undefined) {
  console.log(
    `\nWebhooks: ${EVENTS} job.created events to a local receiver that fails ${FAILURE_RATE * 100}% of requests.`,
  );
  if (!databaseUrl) {
    console.log('  skipped: needs PostgreSQL (DATABASE_URL), to skip retry waits from a second connection.');
    return;
  }
  const arrivals = new Map<string, Arrival[]>();
  const jobOf = new Map<string, string>();
  const receiver = await startReceiver(arrivals, jobOf);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const subscribe = await fetch(`${server.baseUrl}/api/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': org.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'job.created', target_url: receiver.url }),
    });
    if (subscribe.status !== 201)
      throw new Error(`subscribing failed: ${subscribe.status} ${await subscribe.text()}`);

    const written = new Map<string, number>();
    const bodies = postBodies(categoryNames);
    let next = 0;
    const started = performance.now();
    const skipWaits = setInterval(() => {
      void db.query(
        "update webhook_deliveries set next_attempt_at = now() where status = 'pending' and next_attempt_at > now()",
      );
    }, 250);
    const writes = await autocannon({
      url: `${server.baseUrl}/api/jobs`,
      connections: WRITE_CONNECTIONS,
      amount: EVENTS,
      requests: [
        {
          method: 'POST',
          headers: { 'x-api-key': org.apiKey, 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
          onResponse: (status, body) => {
            if (status === 200) written.set(JSON.parse(body).data.id, performance.now());
          },
        },
      ],
    });
    const writesDone = performance.now();

    const delivered = () =>
      [...arrivals.values()].filter((list) => list.some((arrival) => arrival.ok)).length;
    while (delivered() < written.size && performance.now() - started < DEADLINE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    clearInterval(skipWaits);
    const finished = performance.now();

    const firstLatency: number[] = [];
    const deliveredLatency: number[] = [];
    let attempts = 0;
    let duplicates = 0;
    let lastSuccess = 0;
    for (const [id, list] of arrivals) {
      attempts += list.length;
      const successes = list.filter((arrival) => arrival.ok);
      if (successes.length > 1) duplicates += successes.length - 1;
      const writtenAt = written.get(jobOf.get(id)!);
      if (writtenAt === undefined) continue;
      firstLatency.push(Math.max(0, list[0]!.at - writtenAt));
      if (successes[0]) {
        deliveredLatency.push(Math.max(0, successes[0].at - writtenAt));
        lastSuccess = Math.max(lastSuccess, successes[0].at);
      }
    }
    const sentJobs = new Set(jobOf.values());
    const lost = [...written.keys()].filter((jobId) => !sentJobs.has(jobId)).length;
    const undelivered = written.size - delivered();
    firstLatency.sort((a, b) => a - b);
    deliveredLatency.sort((a, b) => a - b);
    const seconds = (lastSuccess - started) / 1000;

    console.log(
      [
        `  writes: ${written.size} jobs in ${((writesDone - started) / 1000).toFixed(1)} s (${writes.requests.average.toFixed(0)} req/s, ${writes.non2xx} non-2xx)`,
        `  delivered: ${delivered()} events in ${seconds.toFixed(1)} s from the first write: ${(delivered() / seconds).toFixed(0)} events/s; ${attempts} requests (${(attempts - delivered()).toFixed(0)} answered 500 and retried)`,
        `  latency, write answered -> first attempt arrives: p50 ${percentile(firstLatency, 50).toFixed(0)} ms, p99 ${percentile(firstLatency, 99).toFixed(0)} ms (target p50 < 500 ms)`,
        `  latency, write answered -> successful delivery (retries included): p50 ${percentile(deliveredLatency, 50).toFixed(0)} ms, p99 ${percentile(deliveredLatency, 99).toFixed(0)} ms`,
        `  lost (written, never sent): ${lost}; not delivered by the deadline: ${undelivered}; duplicate successful deliveries: ${duplicates}; finished ${((finished - writesDone) / 1000).toFixed(1)} s after the last write`,
      ].join('\n'),
    );
  } finally {
    receiver.close();
    await db.end();
  }
}
