// LinkedIn's XML feed of every live job ("Basic Jobs" / job wrapping), written to the field list of
// its development guide (https://learn.microsoft.com/linkedin/talent/job-postings/xml-feeds-development-guide;
// the rules the tests hold it to are in job-feed-schema.ts): every value in CDATA, LinkedIn's
// job type, workplace and salary period values, and the board's apply step as the apply address.
import type { Organization } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import type { JobType } from '@/lib/jobs/schemas';
import { feedDescription } from './feeds';
import {
  applyUrlOf,
  cdataElement,
  type FeedJob,
  isoSeconds,
  jobPlace,
  liveJobFeed,
  salaryOf,
  workplaceOf,
} from './job-feed';

/** Our job types in LinkedIn's `<jobtype>` values; per-diem work has none of its own. */
export const LINKEDIN_JOB_TYPES: Record<JobType, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACT',
  freelance: 'CONTRACT',
  internship: 'INTERNSHIP',
  temporary: 'TEMPORARY',
  seasonal: 'TEMPORARY',
  volunteer: 'VOLUNTEER',
  'per-diem': 'OTHER',
  other: 'OTHER',
};

/** LinkedIn's `<workplaceTypes>` values. */
export const LINKEDIN_WORKPLACE_TYPES = { on_site: 'On-site', hybrid: 'Hybrid', remote: 'Remote' } as const;

/** LinkedIn's salary `<period>` values for ours. */
export const LINKEDIN_SALARY_PERIODS: Record<string, string> = {
  yearly: 'YEARLY',
  monthly: 'MONTHLY',
  weekly: 'WEEKLY',
  daily: 'DAILY',
  hourly: 'HOURLY',
};

/**
 * `<experienceLevel>` where the job says it: an internship. A job carries no level otherwise, and
 * guessing one from words of the title would put jobs in the wrong searches.
 */
const experienceLevel = (job: FeedJob) => (job.jobType === 'internship' ? 'INTERNSHIP' : '');

const money = (tag: string, amount: number | null, currency: string) =>
  amount === null
    ? ''
    : `<${tag}>${cdataElement('amount', amount)}${cdataElement('currencyCode', currency)}</${tag}>`;

function salaries(job: FeedJob): string {
  const salary = salaryOf(job);
  if (!salary) return '';
  const period = salary.period ? (LINKEDIN_SALARY_PERIODS[salary.period] ?? '') : '';
  return `<salaries><salary>${money('highEnd', salary.max, salary.currency)}${money('lowEnd', salary.min, salary.currency)}${cdataElement('period', period)}${cdataElement('type', 'BASE_SALARY')}</salary></salaries>`;
}

/** The mandatory location string: the place's parts, else the job's own text, else where it is remote. */
function locationText(job: FeedJob, place: ReturnType<typeof jobPlace>): string {
  const parts = [place.city, place.state, place.countryCode].filter(Boolean).join(', ');
  return parts || (job.location ?? '') || (workplaceOf(job) === 'remote' ? 'Remote' : '');
}

/** LinkedIn's XML job feed of every live job. `industryCodes` is left out: the board knows none. */
export function linkedinFeed(
  db: Db,
  org: Organization,
  boardUrl: string,
  name: string,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<source>',
    `<lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    cdataElement('publisherURL', boardUrl),
    cdataElement('publisher', name),
    '',
  ].join('\n');
  const render = (job: FeedJob) => {
    const place = jobPlace(job);
    const fields = [
      cdataElement('partnerJobId', job.id),
      cdataElement('company', job.companyName),
      cdataElement('title', job.title),
      cdataElement('description', feedDescription(job)),
      cdataElement('applyUrl', applyUrlOf(boardUrl, job)),
      cdataElement('location', locationText(job, place)),
      cdataElement('city', place.city),
      cdataElement('state', place.state),
      cdataElement('country', place.countryCode),
      cdataElement('postalCode', place.postalCode),
      cdataElement('workplaceTypes', LINKEDIN_WORKPLACE_TYPES[workplaceOf(job)]),
      cdataElement('jobtype', job.jobType ? LINKEDIN_JOB_TYPES[job.jobType as JobType] : ''),
      cdataElement('experienceLevel', experienceLevel(job)),
      salaries(job),
      cdataElement('expirationDate', job.expiresAt ? isoSeconds(job.expiresAt) : ''),
    ];
    return `<job>\n${fields.filter(Boolean).join('\n')}\n</job>\n`;
  };
  return liveJobFeed(db, org, head, '</source>\n', render);
}
