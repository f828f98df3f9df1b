// Two `npm start` instances on one database and one Redis, as behind a load balancer: a write
// through A must show on B at B's first read once A has answered (B primed first, so it holds
// whatever it caches; the organization's stamp in Redis, lib/cache/organization-stamps.ts), and at
// the latest within 2 s, and the API's per-key limit must hold for the pair. Run by test/instances/ci.sh.
import { execFileSync } from 'node:child_process';
import { api } from '../crawl/http';

const A = process.env.INSTANCE_A!;
const B = process.env.INSTANCE_B!;
const KEY = process.env.INSTANCE_KEY!;
const LIMITED_KEY = process.env.INSTANCE_LIMITED_KEY!;
const SLUG = process.env.INSTANCE_SLUG!;
const CONVERGE_MS = 2000;

type Row = { id: string; slug: string; url: string };
type One = { data: Row };

const failures: string[] = [];
const results: { change: string; ms: number; reads: number }[] = [];

/** The address on instance B of a URL the API reported (its origin is APP_URL, instance A). */
const onB = (url: string) => `${B}${new URL(url).pathname}${new URL(url).search}`;

async function get(url: string, key?: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { headers: key ? { 'x-api-key': key } : {}, redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

/**
 * Polls `check` on B until it holds, and records how long the change took to show there; a change
 * not seen at B's first read is a failure too (a stale read after the write answered).
 */
async function converges(change: string, check: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  for (let reads = 1; ; reads++) {
    if (await check()) {
      results.push({ change, ms: Math.round(performance.now() - started), reads });
      if (reads > 1) failures.push(`${change}: B's first read after the write was stale (${reads} reads)`);
      return;
    }
    if (performance.now() - started > CONVERGE_MS) {
      failures.push(`${change}: not seen on instance B after ${CONVERGE_MS} ms`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks B twice, so whatever B caches holds the old state before the write. */
async function prime(...urls: [string, string?][]): Promise<void> {
  for (let round = 0; round < 2; round++) for (const [url, key] of urls) await get(url, key);
}

function admin(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], { encoding: 'utf8' });
}

const call = <T = One>(base: string, method: string, path: string, body?: unknown) =>
  api<T>(base, KEY, method, path, body);

const { data: org } = await call<{ data: { board_url: string; name: string } }>(A, 'GET', '/organization');
const home = onB(org.board_url);
const job = (title: string) => ({
  title,
  description: `<p>${title}: a role to check that every instance shows the same board.</p>`,
  company_name: 'Instances Ltd',
  status: 'active',
});

// A job created on A.
await prime([home], [`${B}/api/jobs?limit=5`, KEY]);
const created = await call(A, 'POST', '/jobs', job('Created on instance A'));
await converges('job created: its page on B', async () => (await get(onB(created.data.url))).status === 200);
await converges(
  'job created: B’s API',
  async () => (await get(`${B}/api/jobs/${created.data.id}`, KEY)).status === 200,
);
await converges('job created: B’s board home', async () =>
  (await get(home)).body.includes('Created on instance A'),
);

// The same job changed, then expired, on A.
await prime([onB(created.data.url)]);
await call(A, 'PATCH', `/jobs/${created.data.id}`, { title: 'Renamed on instance A' });
await converges('job updated: its page on B', async () =>
  (await get(onB(created.data.url))).body.includes('Renamed on instance A'),
);
await prime([onB(created.data.url)]);
await call(A, 'PATCH', `/jobs/${created.data.id}`, { status: 'expired' });
await converges(
  'job expired: its page on B answers 410',
  async () => (await get(onB(created.data.url))).status === 410,
);

// A draft page published on A.
const page = await call(A, 'POST', '/pages', {
  title: 'Published on instance A',
  kind: 'page',
  status: 'draft',
  content: '<p>Shown everywhere at once.</p>',
});
const pageOnB = `${home}/${page.data.slug}`;
await prime([pageOnB]);
if ((await get(pageOnB)).status !== 404) failures.push('a draft page is not 404 on B');
await call(A, 'PATCH', `/pages/${page.data.id}`, { status: 'published' });
await converges('page published: its page on B', async () => (await get(pageOnB)).status === 200);

// The organization renamed on A.
await prime([home], [`${B}/api/organization`, KEY]);
await call(A, 'PATCH', '/organization', { name: 'Renamed Instances Board' });
await converges('organization renamed: B’s API', async () =>
  (await get(`${B}/api/organization`, KEY)).body.includes('Renamed Instances Board'),
);
await converges('organization renamed: B’s board home', async () =>
  (await get(home)).body.includes('Renamed Instances Board'),
);

// A key revoked from the command line (same DATABASE_URL and REDIS_URL), while B knows it.
const extra = JSON.parse(admin('apikey:create', '--org', SLUG, '--name', 'Revoked soon', '--json')) as {
  api_key: string;
  prefix: string;
};
await prime([`${B}/api/organization`, extra.api_key]);
if ((await get(`${B}/api/organization`, extra.api_key)).status !== 200)
  failures.push('a new key is refused on B');
admin('apikey:revoke', '--org', SLUG, '--prefix', extra.prefix);
await converges('key revoked by admin apikey:revoke: B refuses it', async () =>
  [401, 403].includes((await get(`${B}/api/organization`, extra.api_key)).status),
);

// A page rendered by A is a hit on B (the page cache lives in Redis), and a write through B renders it anew.
const pageOnA = `${A}${new URL(pageOnB).pathname}`;
const cacheStatus = async (url: string) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.headers.get('cache-status');
};
await cacheStatus(pageOnA);
const statusOnB = await cacheStatus(pageOnB);
if (statusOnB !== 'Boardkit; hit')
  failures.push(`a page A rendered: B answers Cache-Status ${statusOnB}, not Boardkit; hit`);
await call(B, 'PATCH', `/pages/${page.data.id}`, { title: 'Retitled on instance B' });
await converges('page retitled through B: its page on A', async () =>
  (await get(pageOnA)).body.includes('Retitled on instance B'),
);

// The spec's 30 POSTs a minute per key, across both instances.
const statuses: number[] = [];
for (let i = 0; i < 31; i++) {
  const response = await fetch(`${i % 2 === 0 ? A : B}/api/jobs`, {
    method: 'POST',
    headers: { 'x-api-key': LIMITED_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(job(`Limit check ${i + 1}`)),
  });
  statuses.push(response.status);
  await response.arrayBuffer();
}
const accepted = statuses.filter((status) => status >= 200 && status < 300).length;
if (accepted !== 30 || statuses[30] !== 429)
  failures.push(
    `POST /api/jobs 31 times through A and B in turn: ${accepted} accepted, the 31st ${statuses[30]}`,
  );

for (const { change, ms, reads } of results)
  console.log(`${String(ms).padStart(5)} ms  ${String(reads).padStart(2)} read(s)  ${change}`);
console.log(`A page A rendered, asked of B: Cache-Status ${statusOnB}`);
console.log(
  `POST /api/jobs through A and B in turn: ${accepted} of 31 accepted, then ${statuses[30]} (${statuses.join(' ')})`,
);
if (failures.length) {
  console.error(`\n${failures.length} failure(s):\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
  process.exit(1);
}
