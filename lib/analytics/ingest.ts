// Recording events: checked, enriched (visitor hash, source, device, country) and buffered, then
// written by the background runner (lib/core) after the answer: events that come while a write
// runs go in the next one, so a busy board costs one insert per batch rather than per event. The
// buffer is bounded; a failed batch is logged and dropped (numbers, not records of anyone).
import { and, eq, inArray } from 'drizzle-orm';
import { type Database, getDb } from '@/db/client';
import { analyticsEvents, jobs } from '@/db/schema';
import { createBackgroundRunner } from '@/lib/core/background-runner';
import { logError } from '@/lib/core/logger';
import { type RateLimitResult, type Throttle, throttle, throttles } from '@/lib/rate-limit';
import { agentOf } from './agent';
import { countryOf } from './country';
import { pruneEvents } from './retention';
import { rollUpDays } from './rollup';
import { trafficSource } from './source';
import { countedVisitor, saltOfDay } from './visitor';

export const PAGEVIEW = 'pageview';
/** What the server records itself, so that caching or blocked scripts cannot hide them. */
export const serverEvents = ['job_view', 'apply_click', 'application'] as const;
export type ServerEvent = (typeof serverEvents)[number];

const BATCH = 500;
const MAX_BUFFERED = 20_000;

export interface Visit {
  /** The trusted client address (lib/http/client-address). */
  address: string;
  userAgent: string;
  headers: Headers;
}

export interface TrackInput {
  name: string;
  url: URL;
  /** The organization's slug: a path-mode URL (`/b/{slug}/...`) is read without the prefix. */
  boardSlug: string;
  referrer?: string | null;
  props?: Record<string, string | number | boolean> | null;
  jobId?: string | null;
}

type Row = typeof analyticsEvents.$inferInsert;

let buffer: Row[] = [];
let flushing: Promise<number> | undefined;
const writer = createBackgroundRunner('analytics', () => runAnalyticsWorker());

/** Long-running servers, at boot: buffered events are written outside any request. */
export const startAnalyticsWriter = () => writer.start(1_000);

/** The board path of a page URL: no path-mode prefix, no query, no trailing slash. */
export function boardPath(url: URL, boardSlug: string): string {
  let path = url.pathname;
  const prefix = `/b/${boardSlug}`;
  if (path === prefix || path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
  path = path.replace(/\/+$/, '');
  return (path || '/').slice(0, 500);
}

export type Tracked = { outcome: 'queued' | 'bot' } | { outcome: 'limited'; limit: RateLimitResult };

/** Each event counts against its client's limit on the board; an application, where it is made. */
const clientLimits: Record<ServerEvent, Throttle | null> = {
  job_view: throttles.jobView,
  apply_click: throttles.applyClick,
  application: null,
};
const clientLimitOf = (name: string) =>
  name in clientLimits ? clientLimits[name as ServerEvent] : throttles.beacon;

/**
 * Queues one event of a human visitor; bots are dropped here, and events past the client's limit
 * on the board (`throttles`), which the beacon endpoint answers with a 429 and the server's own
 * counts leave out.
 */
export async function trackEvent(
  orgId: number,
  input: TrackInput,
  visit: Visit,
  now = new Date(),
  db?: Database,
): Promise<Tracked> {
  const agent = agentOf(visit.userAgent);
  if (agent === 'bot') return { outcome: 'bot' };
  const rule = clientLimitOf(input.name);
  const refused = rule && (await throttle(rule, { client: visit.address, scope: orgId }));
  if (refused) return { outcome: 'limited', limit: refused };
  const database = db ?? (await getDb());
  const hosts = [visit.headers.get('host'), visit.headers.get('x-forwarded-host')].filter(
    (host) => host !== null,
  );
  const { source, referrerHost } = trafficSource(input.url, input.referrer, hosts);
  buffer.push({
    organizationId: orgId,
    occurredAt: now,
    name: input.name,
    path: boardPath(input.url, input.boardSlug),
    jobId: input.jobId ?? null,
    visitor: await countedVisitor(await saltOfDay(database, now), orgId, visit.address, visit.userAgent),
    source,
    referrerHost,
    country: await countryOf(visit.headers, visit.address),
    ...agent,
    props: input.props && Object.keys(input.props).length > 0 ? input.props : null,
  });
  if (buffer.length > MAX_BUFFERED) buffer.splice(0, buffer.length - MAX_BUFFERED);
  writer.kick();
  return { outcome: 'queued' };
}

const PRUNE_EVERY_MS = 3_600_000;
const ROLL_UP_EVERY_MS = 5 * 60_000;
let prunedAt = 0;
let rolledAt = 0;

/**
 * The analytics worker: writes buffered events, sums finished days every 5 minutes, and once an
 * hour deletes raw events past their retention. Kicked by events and run by the timer
 * (`next start`) or /api/cron/analytics.
 */
export async function runAnalyticsWorker(
  db?: Database,
  { until = Number.POSITIVE_INFINITY, now = new Date() }: { until?: number; now?: Date } = {},
): Promise<{ written: number; daysSummed: number; pruned: number }> {
  const database = db ?? (await getDb());
  const written = await flushEvents(database);
  let daysSummed = 0;
  if (now.getTime() - rolledAt >= ROLL_UP_EVERY_MS) {
    rolledAt = now.getTime();
    daysSummed = await rollUpDays(database, now, until);
  }
  let pruned = 0;
  if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
    prunedAt = now.getTime();
    pruned = await pruneEvents(database, now, until);
  }
  return { written, daysSummed, pruned };
}

/**
 * Writes what is buffered, once any write under way has finished; resolves with the number of events
 * this call wrote. A caller that finds the buffer empty has still waited for the rows another call
 * took, so everything buffered before it is in the database when it resolves.
 */
export async function flushEvents(db?: Database): Promise<number> {
  while (flushing) await flushing;
  if (buffer.length === 0) return 0;
  const rows = buffer;
  buffer = [];
  // Marked as under way before the first await: a call in between must wait for these rows.
  const run = (async () => write(db ?? (await getDb()), rows))();
  flushing = run;
  try {
    return await run;
  } finally {
    if (flushing === run) flushing = undefined;
  }
}

async function write(db: Database, rows: Row[]): Promise<number> {
  try {
    await resolveJobPages(db, rows);
    for (let start = 0; start < rows.length; start += BATCH) {
      await db.insert(analyticsEvents).values(rows.slice(start, start + BATCH));
    }
    return rows.length;
  } catch (error) {
    logError('analytics_events_dropped', error, { count: rows.length });
    return 0;
  }
}

const jobSlugOf = (path: string): string | null => {
  const slug = /^\/jobs\/([^/]+)$/.exec(path)?.[1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null;
  }
};

/** Page views of job pages name their job, so the `job` filter sees them. */
async function resolveJobPages(db: Database, rows: Row[]): Promise<void> {
  const wanted = new Map<number, Set<string>>();
  for (const row of rows) {
    const slug = jobSlugOf(row.path);
    if (row.jobId || !slug) continue;
    const slugs = wanted.get(row.organizationId) ?? new Set();
    slugs.add(slug);
    wanted.set(row.organizationId, slugs);
  }
  for (const [orgId, slugs] of wanted) {
    const found = await db
      .select({ id: jobs.id, slug: jobs.slug })
      .from(jobs)
      .where(and(eq(jobs.organizationId, orgId), inArray(jobs.slug, [...slugs])));
    const ids = new Map(found.map((job) => [job.slug, job.id]));
    for (const row of rows) {
      const slug = jobSlugOf(row.path);
      if (row.organizationId === orgId && !row.jobId && slug) row.jobId = ids.get(slug) ?? null;
    }
  }
}
