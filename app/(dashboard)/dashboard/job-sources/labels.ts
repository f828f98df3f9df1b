// How a job source and its runs read in the dashboard: short names, plain-word errors and counts.
import {
  type JobSourceKind,
  type JobSourceOut,
  type JobSourceRunOut,
  jobSourceKindLabels,
} from '@/lib/job-sources/schemas';

/** Where each ATS names its board in the endpoint's path. */
const boardInPath: Partial<Record<JobSourceKind, RegExp>> = {
  greenhouse: /\/boards\/([^/]+)/,
  lever: /\/postings\/([^/]+)/,
  ashby: /\/job-board\/([^/]+)/,
};

/** The source as people call it: the company it imports as, else the board's name, else the host. */
export function sourceName(source: Pick<JobSourceOut, 'kind' | 'url' | 'company_name'>): string {
  if (source.company_name) return source.company_name;
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return source.url;
  }
  const board = boardInPath[source.kind]?.exec(url.pathname)?.[1];
  return board ? decodeURIComponent(board) : url.hostname;
}

/**
 * The URL without its scheme and query, cut in the middle past `max` characters so the host and the
 * end of the path (the board's name, the feed's file) both stay readable.
 */
export function shortUrl(value: string, max = 56): string {
  let text: string;
  try {
    const url = new URL(value);
    text = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    text = value;
  }
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}

export const kindLabel = (kind: JobSourceKind) => jobSourceKindLabels[kind];

/** `every 15 minutes`, `every hour`, `every 2 hours`, `every day`, `every 90 minutes`. */
export function intervalText(minutes: number): string {
  const units: [number, string][] = [
    [7 * 24 * 60, 'week'],
    [24 * 60, 'day'],
    [60, 'hour'],
  ];
  for (const [size, unit] of units)
    if (minutes % size === 0) {
      const count = minutes / size;
      return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
    }
  return `every ${minutes} minutes`;
}

/** What a run's error code (`code: detail`, lib/job-sources/sync.ts) means, in the owner's words. */
const errorWords: Record<string, string> = {
  invalid_url: 'The address is not a valid https URL',
  blocked_target: 'The address points into a private network, which is not allowed',
  dns_error: 'The host name could not be found',
  timeout: 'The source did not answer in time',
  too_many_redirects: 'The source redirected too many times',
  network_error: 'The source could not be reached',
  http_status: 'The source answered with an error',
  too_large: 'The document is too large to import',
  invalid_document: 'The document is not in the format of this kind of source',
  internal_error: 'Something went wrong on our side; the next sync tries again',
};

/** What an HTTP status from a source most likely means for the owner. */
function statusAdvice(status: number): string {
  if (status === 404 || status === 410) return 'nothing is at this address; check the URL';
  if (status === 401 || status === 403) return 'the board is not public, or the address is wrong';
  if (status === 429) return 'it is limiting requests; the next sync tries again';
  if (status >= 500) return 'it had a problem of its own; the next sync tries again';
  return 'check the URL';
}

/** A run's error as a sentence, with the technical detail after it; no job was changed. */
export function runErrorText(error: string): string {
  const match = /^([a-z_]+): ([\s\S]*)$/.exec(error);
  if (!match) return error;
  const [, code, detail] = match as unknown as [string, string, string];
  const status = code === 'http_status' ? /answered (\d{3})/.exec(detail)?.[1] : undefined;
  if (status) return `The source answered with HTTP status ${status}: ${statusAdvice(Number(status))}.`;
  const words = errorWords[code];
  return words ? `${words} (${detail}).` : error;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A run's counts as one line: `3 created, 1 updated, 0 expired, 2 failed`, and what was left alone. */
export function runCounts(run: JobSourceRunOut): string {
  const parts = [`${run.created} created`, `${run.updated} updated`];
  if (run.unchanged > 0) parts.push(`${run.unchanged} unchanged`);
  parts.push(`${run.expired} expired`, `${run.failed} failed`);
  return parts.join(', ');
}

/** What the live status says of a run: in progress (with how far), or how it ended. */
export function runStatusText(run: JobSourceRunOut): string {
  if (run.status === 'running') {
    if (run.postings === null) return 'Sync in progress: fetching the source…';
    const done = run.created + run.updated + run.unchanged + run.failed;
    return `Sync in progress: ${Math.min(done, run.postings)} of ${plural(run.postings, 'posting')} done.`;
  }
  if (run.status === 'failed') return `Sync failed: ${runErrorText(run.error ?? '')}`;
  if (run.not_modified) return 'Sync finished: the source had not changed since the last sync.';
  return `Sync finished: ${runCounts(run)}.`;
}

export const jobCountText = (count: number) => (count === 0 ? 'No jobs yet' : plural(count, 'job'));
