import { describe, expect, it } from 'vitest';
import type { JobSourceRunOut } from '@/lib/job-sources/schemas';
import { intervalText, runCounts, runErrorText, runStatusText, shortUrl, sourceName } from './labels';

const run = (fields: Partial<JobSourceRunOut>): JobSourceRunOut => ({
  id: '01a21dd3-46b7-77d4-9f59-d11a56e51a5b',
  status: 'succeeded',
  started_at: '2026-11-27T10:00:00.000Z',
  finished_at: '2026-11-27T10:00:05.000Z',
  postings: 4,
  created: 3,
  updated: 1,
  unchanged: 0,
  expired: 0,
  failed: 0,
  failures: [],
  not_modified: false,
  error: null,
  ...fields,
});

describe('sourceName', () => {
  it('is the company override, else the board named in the endpoint, else the host', () => {
    const url = 'https://boards-api.greenhouse.io/v1/boards/vaulttec/jobs?content=true';
    expect(sourceName({ kind: 'greenhouse', url, company_name: 'Vault-Tec' })).toBe('Vault-Tec');
    expect(sourceName({ kind: 'greenhouse', url, company_name: null })).toBe('vaulttec');
    expect(
      sourceName({
        kind: 'lever',
        url: 'https://api.lever.co/v0/postings/acme%20co?mode=json',
        company_name: null,
      }),
    ).toBe('acme co');
    expect(
      sourceName({
        kind: 'ashby',
        url: 'https://api.ashbyhq.com/posting-api/job-board/globex',
        company_name: null,
      }),
    ).toBe('globex');
    expect(sourceName({ kind: 'xml', url: 'https://feeds.example.com/jobs.xml', company_name: null })).toBe(
      'feeds.example.com',
    );
  });
});

describe('shortUrl', () => {
  it('drops the scheme and query, and cuts a long one in the middle', () => {
    expect(shortUrl('https://api.lever.co/v0/postings/acme?mode=json')).toBe('api.lever.co/v0/postings/acme');
    expect(shortUrl('https://feeds.example.com/')).toBe('feeds.example.com');
    const long = shortUrl(`https://feeds.example.com/${'a'.repeat(80)}/export/jobs.xml`, 40);
    expect(long).toHaveLength(40);
    expect(long.startsWith('feeds.example.com/')).toBe(true);
    expect(long.endsWith('/export/jobs.xml')).toBe(true);
    expect(long).toContain('…');
  });
});

describe('intervalText', () => {
  it('names the largest whole unit', () => {
    expect([5, 60, 90, 120, 1440, 2880, 10080].map(intervalText)).toEqual([
      'every 5 minutes',
      'every hour',
      'every 90 minutes',
      'every 2 hours',
      'every day',
      'every 2 days',
      'every week',
    ]);
  });
});

describe('runs in words', () => {
  it('says what a run error means, keeping its detail', () => {
    expect(runErrorText('http_status: the source answered 404')).toBe(
      'The source answered with HTTP status 404: nothing is at this address; check the URL.',
    );
    expect(runErrorText('http_status: the source answered 503')).toBe(
      'The source answered with HTTP status 503: it had a problem of its own; the next sync tries again.',
    );
    expect(runErrorText('timeout: no complete response within 20000 ms')).toBe(
      'The source did not answer in time (no complete response within 20000 ms).',
    );
    expect(runErrorText('something unforeseen')).toBe('something unforeseen');
  });

  it('counts what a run did and how far one in progress is', () => {
    expect(runCounts(run({}))).toBe('3 created, 1 updated, 0 expired, 0 failed');
    expect(runCounts(run({ unchanged: 2, failed: 1 }))).toBe(
      '3 created, 1 updated, 2 unchanged, 0 expired, 1 failed',
    );
    expect(runStatusText(run({ status: 'running', postings: null }))).toBe(
      'Sync in progress: fetching the source…',
    );
    expect(runStatusText(run({ status: 'running', created: 1, updated: 0 }))).toBe(
      'Sync in progress: 1 of 4 postings done.',
    );
    expect(runStatusText(run({}))).toBe('Sync finished: 3 created, 1 updated, 0 expired, 0 failed.');
    expect(runStatusText(run({ not_modified: true, postings: null }))).toBe(
      'Sync finished: the source had not changed since the last sync.',
    );
    expect(
      runStatusText(run({ status: 'failed', error: 'dns_error: jobs.example could not be resolved' })),
    ).toBe('Sync failed: The host name could not be found (jobs.example could not be resolved).');
  });
});
