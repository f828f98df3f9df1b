// Indeed's XML feed of every live job, written to its reference
// (https://docs.indeed.com/indeed-apply/xml-feed; the rules the test holds it to are
// indeed-feed-schema.ts): every value in CDATA, no HTML entity anywhere, ISO 8601 dates, region
// names, Indeed's job type values, and the apply address of jobs that take applications by e-mail.

import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import type { Organization } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { jobPageUrl } from '@/lib/jobs';
import type { JobType } from '@/lib/jobs/schemas';
import { cdata, feedDescription } from './feeds';
import {
  type FeedJob,
  isoSeconds,
  jobPlace,
  liveJobFeed,
  publishedOf,
  salaryText,
  workplaceOf,
} from './job-feed';

/**
 * Our job types in Indeed's `<jobtype>` values. Volunteer, per-diem and other work has no Indeed
 * value, so the element stays empty rather than claiming one.
 */
export const INDEED_JOB_TYPES: Record<JobType, string> = {
  'full-time': 'fulltime',
  'part-time': 'parttime',
  contract: 'contract',
  freelance: 'contract',
  internship: 'internship',
  temporary: 'temporary',
  seasonal: 'temporary',
  volunteer: '',
  'per-diem': '',
  other: '',
};

// An `&` that an HTML reader would take for the start of an entity (`&amp;`, `&#38;`, `&copy2026`).
const startsEntity = (text: string, at: number) => {
  const word = /^&[#0-9A-Za-z]+;?/.exec(text.slice(at));
  return word !== null && decodeHTML(word[0]) !== word[0];
};

// A `<` an HTML reader would take for the start of a tag, comment or declaration.
const startsTag = (text: string, at: number) => /^<[A-Za-z/!?]/.test(text.slice(at, at + 2));

/**
 * Text with no HTML entity in it: every character is itself. The two characters that would be read
 * as markup where they stand (an `&` that spells an entity, a `<` that opens a tag) become their
 * full-width forms (＆, ＜), which read the same and are no markup.
 */
export function entityFreeText(text: string, html = false): string {
  let out = '';
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '&' && startsEntity(text, at)) out += '＆';
    else if (html && char === '<' && startsTag(text, at)) out += '＜';
    else out += char;
  }
  return out;
}

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);

/**
 * Sanitized HTML written again without entities (Indeed: "use < instead of the HTML &lt; entity"):
 * text and attribute values decoded to their characters, and kept from reading as markup.
 */
export function entityFreeHtml(html: string): string {
  let out = '';
  // The parser hands text over in pieces (one per entity): it is judged whole, at the next tag.
  let text = '';
  const flush = () => {
    out += entityFreeText(text, true);
    text = '';
  };
  const attribute = (name: string, value: string) => {
    const clean = entityFreeText(value);
    if (!clean.includes('"')) return ` ${name}="${clean}"`;
    return clean.includes("'") ? ` ${name}="${clean.replace(/"/g, '”')}"` : ` ${name}='${clean}'`;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush();
        out += `<${name}${Object.entries(attributes)
          .map(([key, value]) => attribute(key, value))
          .join('')}>`;
      },
      ontext(piece) {
        text += piece;
      },
      onclosetag(name) {
        flush();
        if (!VOID_ELEMENTS.has(name)) out += `</${name}>`;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return out;
}

const element = (tag: string, value: string, html = false) =>
  `<${tag}>${cdata(html ? entityFreeHtml(value) : entityFreeText(value))}</${tag}>`;

/** Indeed's XML feed of every live job (https://docs.indeed.com/indeed-apply/xml-feed). */
export function indeedFeed(
  db: Db,
  org: Organization,
  boardUrl: string,
  name: string,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const head = `<?xml version="1.0" encoding="utf-8"?>\n<source>\n${element('publisher', name)}\n${element('publisherurl', boardUrl)}\n<lastBuildDate>${isoSeconds(now)}</lastBuildDate>\n`;
  const render = (job: FeedJob) => {
    const place = jobPlace(job);
    // The page shows no address to a visitor who may not apply; neither does the feed.
    const email = job.howToApplyMethod === 'email' && !job.applyClosed ? (job.howToApply ?? '') : '';
    const workplace = workplaceOf(job);
    const fields = [
      element('title', job.title),
      element('date', isoSeconds(publishedOf(job))),
      element('referencenumber', job.id),
      element('requisitionid', job.id),
      element('url', jobPageUrl(boardUrl, job.slug)),
      element('company', job.companyName),
      element('city', place.city),
      element('state', place.state),
      element('country', place.countryCode),
      element('postalcode', place.postalCode),
      element('streetaddress', place.streetAddress),
      element('email', email),
      element('description', feedDescription(job), true),
      element('salary', salaryText(job)),
      element('jobtype', job.jobType ? (INDEED_JOB_TYPES[job.jobType as JobType] ?? '') : ''),
      element('category', job.category ?? ''),
      element('expirationdate', job.expiresAt ? isoSeconds(job.expiresAt) : ''),
      ...(workplace === 'remote'
        ? [element('remotetype', 'Fully remote')]
        : workplace === 'hybrid'
          ? [element('remotetype', 'Hybrid remote')]
          : []),
    ];
    return `<job>\n${fields.join('\n')}\n</job>\n`;
  };
  return liveJobFeed(db, org, head, '</source>\n', render);
}
