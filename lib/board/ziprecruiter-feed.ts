// ZipRecruiter's XML feed of every live job, written to the field list of its job feed
// specification (the rules the tests hold it to are in job-feed-schema.ts): every value in CDATA,
// ISO 8601 dates, ZipRecruiter's job type values, the salary as text and as its parts.
import type { Organization } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { jobPageUrl } from '@/lib/jobs';
import type { JobType } from '@/lib/jobs/schemas';
import { feedDescription } from './feeds';
import {
  cdataElement,
  type FeedJob,
  isoSeconds,
  jobPlace,
  liveJobFeed,
  publishedOf,
  salaryOf,
  salaryText,
  workplaceOf,
} from './job-feed';

/** Our job types in ZipRecruiter's `<jobtype>` values; volunteer and other work has none. */
export const ZIPRECRUITER_JOB_TYPES: Record<JobType, string> = {
  'full-time': 'Full-Time',
  'part-time': 'Part-Time',
  contract: 'Contract',
  freelance: 'Contract',
  internship: 'Internship',
  temporary: 'Temporary',
  seasonal: 'Temporary',
  volunteer: '',
  'per-diem': 'Per Diem',
  other: '',
};

/** ZipRecruiter's XML job feed of every live job. */
export function ziprecruiterFeed(
  db: Db,
  org: Organization,
  boardUrl: string,
  name: string,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<source>',
    cdataElement('publisher', name),
    cdataElement('publisherurl', boardUrl),
    `<lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    '',
  ].join('\n');
  const render = (job: FeedJob) => {
    const place = jobPlace(job);
    const salary = salaryOf(job);
    const fields = [
      cdataElement('referencenumber', job.id),
      cdataElement('title', job.title),
      cdataElement('company', job.companyName),
      cdataElement('date', isoSeconds(publishedOf(job))),
      cdataElement('url', jobPageUrl(boardUrl, job.slug)),
      cdataElement('description', feedDescription(job)),
      cdataElement('city', place.city),
      cdataElement('state', place.state),
      cdataElement('country', place.countryCode),
      cdataElement('postalcode', place.postalCode),
      cdataElement('jobtype', job.jobType ? ZIPRECRUITER_JOB_TYPES[job.jobType as JobType] : ''),
      cdataElement('salary', salaryText(job)),
      cdataElement('compensation_min', salary?.min),
      cdataElement('compensation_max', salary?.max),
      cdataElement('compensation_interval', salary?.period),
      cdataElement('compensation_currency', salary?.currency),
      // A hybrid job is not a remote one: it asks for days at the place.
      cdataElement('remote', workplaceOf(job) === 'remote' ? 'true' : 'false'),
      cdataElement('category', job.category),
    ];
    return `<job>\n${fields.filter(Boolean).join('\n')}\n</job>\n`;
  };
  return liveJobFeed(db, org, head, '</source>\n', render);
}
