// What the full job feeds for job sites (Indeed, LinkedIn, ZipRecruiter) read of every live job,
// once: the rows in keyset batches, the paywall's decision for an anonymous visitor, the place, the
// salary and the dates. Each feed only writes these in its partner's elements and values.
import { asc, eq, type SQL } from 'drizzle-orm';
import countries from 'i18n-iso-countries';
import { jobs, locations, type Organization } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { regionNameByCode, streetAddressIn } from '@/lib/geo';
import { jobPageUrl } from '@/lib/jobs';
import { anonymousJobGate, applyingGated, paywallView } from '@/lib/payments';
import { BATCH, cdata, feedColumns, liveAfter, liveJobStream } from './feeds';

/** ISO 8601 to the second, in UTC (`2014-12-19T22:49:39Z`), as the partners' examples write it. */
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A region's name: the stored name, else the name the gazetteer gives its code, else none. */
export function regionName(
  state: string | null,
  stateCode: string | null,
  countryCode: string | null,
): string {
  const named = state && state !== stateCode ? state : null;
  if (named) return named;
  if (stateCode && countryCode) {
    const known = regionNameByCode(stateCode, countryCode);
    if (known) return known;
  }
  return '';
}

/** ISO 3166-1 alpha-2 of the job's place: its code, else the code of its country's English name. */
export function countryCodeOf(countryCode: string | null, country: string | null): string {
  if (countryCode) return countryCode.toUpperCase();
  return (country && countries.getAlpha2Code(country, 'en')) || '';
}

const selectFeedJobs = (db: Db, org: Organization, gated: SQL, after: string | null) =>
  db
    .select({
      ...feedColumns(gated),
      isRemote: jobs.isRemote,
      workplaceType: jobs.workplaceType,
      jobType: jobs.jobType,
      salaryMin: jobs.salaryMin,
      salaryMax: jobs.salaryMax,
      salaryCurrency: jobs.salaryCurrency,
      salaryPeriod: jobs.salaryPeriod,
      expiresAt: jobs.expiresAt,
      howToApply: jobs.howToApply,
      howToApplyMethod: jobs.howToApplyMethod,
      city: locations.city,
      state: locations.state,
      stateCode: locations.stateCode,
      country: locations.country,
      countryCode: locations.countryCode,
      locationType: locations.locationType,
    })
    .from(jobs)
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .where(liveAfter(org, after))
    .orderBy(asc(jobs.id))
    .limit(BATCH);

type FeedJobRow = Awaited<ReturnType<typeof selectFeedJobs>>[number];

/** A live job as every feed for job sites reads it. */
export interface FeedJob extends FeedJobRow {
  /** Applying is for subscribers (the board's rule, or this job behind the paywall): no address. */
  applyClosed: boolean;
}

/**
 * Streams `head`, every live job of the board rendered, then `tail`. The paywall is asked once, when
 * the first batch is read: the stream may never be.
 */
export function liveJobFeed(
  db: Db,
  org: Organization,
  head: string,
  tail: string,
  render: (job: FeedJob) => string,
): ReadableStream<Uint8Array> {
  let gate: Promise<{ sql: SQL; applyClosed: boolean }> | undefined;
  const gateOnce = () => {
    gate ??= Promise.all([anonymousJobGate(db, [org.id]), paywallView(db, org.id, null)]).then(
      ([gated, view]) => ({ sql: gated, applyClosed: applyingGated(view, false) }),
    );
    return gate;
  };
  const batch = async (after: string | null): Promise<FeedJob[]> => {
    const { sql: gated, applyClosed } = await gateOnce();
    const rows = await selectFeedJobs(db, org, gated, after);
    return rows.map((row) => ({ ...row, applyClosed: applyClosed || row.gated }));
  };
  return liveJobStream(head, tail, batch, render);
}

export interface JobPlace {
  city: string;
  /** The region's name, never a gazetteer code. */
  state: string;
  /** ISO 3166-1 alpha-2, upper case, or ''. */
  countryCode: string;
  postalCode: string;
  streetAddress: string;
}

const fullyRemote = (job: FeedJob) => job.isRemote || job.locationType === 'remote';

/** Where the job is: a known place's parts; a free-text place stands as the city. */
export function jobPlace(job: FeedJob): JobPlace {
  const countryCode = countryCodeOf(job.countryCode, job.country);
  // A location keeps the city; the street and postal code are the job's own text inside it.
  const address = job.locationType
    ? streetAddressIn(job.location, job)
    : { streetAddress: null, postalCode: null };
  return {
    city: job.city ?? (fullyRemote(job) ? '' : (job.location ?? '')),
    state: regionName(job.state, job.stateCode, countryCode || null),
    countryCode,
    postalCode: address.postalCode ?? '',
    streetAddress: address.streetAddress ?? '',
  };
}

/** How the work is done, as the job page says it. */
export const workplaceOf = (job: FeedJob): 'remote' | 'hybrid' | 'on_site' =>
  job.isRemote ? 'remote' : job.workplaceType === 'hybrid' ? 'hybrid' : 'on_site';

export interface FeedSalary {
  min: number | null;
  max: number | null;
  currency: string;
  period: string | null;
}

/** The salary as the job page shows it: none without an amount or a currency (salaryProblem in job-posting.ts). */
export function salaryOf(job: FeedJob): FeedSalary | null {
  if ((job.salaryMin === null && job.salaryMax === null) || !job.salaryCurrency) return null;
  return {
    min: job.salaryMin === null ? null : Number(job.salaryMin),
    max: job.salaryMax === null ? null : Number(job.salaryMax),
    currency: job.salaryCurrency,
    period: job.salaryPeriod,
  };
}

/** `1200-1500 EUR per month`, or '' without a salary. */
export function salaryText(job: FeedJob): string {
  const salary = salaryOf(job);
  if (!salary) return '';
  const amounts = [salary.min, salary.max].filter((value) => value !== null);
  const period = salary.period ? ` per ${salary.period.replace(/ly$/, '').replace('dai', 'day')}` : '';
  return `${amounts.join('-')} ${salary.currency}${period}`;
}

/** When the job was first published. */
export const publishedOf = (job: FeedJob) => job.publishedAt ?? job.createdAt;

/**
 * Where a job site sends people to apply: the board's apply step, which counts the click and sends
 * the visitor on to the application (or, behind the paywall, to the job page's subscribe notice).
 */
export const applyUrlOf = (boardUrl: string, job: FeedJob) => `${jobPageUrl(boardUrl, job.slug)}/apply`;

/** `<tag>` holding `value` as CDATA; nothing for an empty value, where an element is optional. */
export const cdataElement = (tag: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : `<${tag}>${cdata(String(value))}</${tag}>`;
