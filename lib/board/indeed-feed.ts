// Indeed's XML feed of every live job, written to its reference
// (https://docs.indeed.com/indeed-apply/xml-feed; the rules the test holds it to are
// indeed-feed-schema.ts): every value in CDATA, no HTML entity anywhere, ISO 8601 dates, region
// names, Indeed's job type values, and the apply address of jobs that take applications by e-mail.

import { asc, eq } from 'drizzle-orm';
import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import countries from 'i18n-iso-countries';
import { jobs, locations, type Organization } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { regionNameByCode, streetAddressIn } from '@/lib/geo';
import { jobPageUrl } from '@/lib/jobs';
import type { JobType } from '@/lib/jobs/schemas';
import { anonymousJobGate, applyingGated, paywallView } from '@/lib/payments';
import { BATCH, cdata, feedColumns, feedDescription, liveAfter, liveJobStream } from './feeds';

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

/** ISO 8601 to the second, in UTC, as the reference's examples write it (`2014-12-19T22:49:39Z`). */
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

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

const salaryText = (row: {
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
}) => {
  // Without a currency the amount is no salary (salaryProblem in job-posting.ts): as on the page.
  if ((row.salaryMin === null && row.salaryMax === null) || !row.salaryCurrency) return '';
  const amounts = [row.salaryMin, row.salaryMax].filter((value) => value !== null).map(Number);
  const period = row.salaryPeriod ? ` per ${row.salaryPeriod.replace(/ly$/, '').replace('dai', 'day')}` : '';
  return `${amounts.join('-')} ${row.salaryCurrency}${period}`;
};

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
  type Row = Awaited<ReturnType<typeof batch>>[number];
  // Asked once, when the first batch is read: the stream may never be.
  let gate: Promise<{ sql: Awaited<ReturnType<typeof anonymousJobGate>>; applyClosed: boolean }> | undefined;
  const gateOnce = () => {
    gate ??= Promise.all([anonymousJobGate(db, [org.id]), paywallView(db, org.id, null)]).then(
      ([gated, view]) => ({ sql: gated, applyClosed: applyingGated(view, false) }),
    );
    return gate;
  };
  const batch = async (after: string | null) => {
    const { sql: gated, applyClosed } = await gateOnce();
    const rows = await db
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
    return rows.map((row) => ({ ...row, applyClosed: applyClosed || row.gated }));
  };
  const render = (row: Row) => {
    const countryCode = countryCodeOf(row.countryCode, row.country);
    // A location keeps the city; the street and postal code are the job's own text inside it.
    const address = row.locationType
      ? streetAddressIn(row.location, row)
      : { streetAddress: null, postalCode: null };
    // The page shows no address to a visitor who may not apply; neither does the feed.
    const email = row.howToApplyMethod === 'email' && !row.applyClosed ? (row.howToApply ?? '') : '';
    const fields = [
      element('title', row.title),
      element('date', isoSeconds(row.publishedAt ?? row.createdAt)),
      element('referencenumber', row.id),
      element('requisitionid', row.id),
      element('url', jobPageUrl(boardUrl, row.slug)),
      element('company', row.companyName),
      element(
        'city',
        row.city ?? (row.isRemote || row.locationType === 'remote' ? '' : (row.location ?? '')),
      ),
      element('state', regionName(row.state, row.stateCode, countryCode || null)),
      element('country', countryCode),
      element('postalcode', address.postalCode ?? ''),
      element('streetaddress', address.streetAddress ?? ''),
      element('email', email),
      element('description', feedDescription(row), true),
      element('salary', salaryText(row)),
      element('jobtype', row.jobType ? (INDEED_JOB_TYPES[row.jobType as JobType] ?? '') : ''),
      element('category', row.category ?? ''),
      element('expirationdate', row.expiresAt ? isoSeconds(row.expiresAt) : ''),
      ...(row.isRemote
        ? [element('remotetype', 'Fully remote')]
        : row.workplaceType === 'hybrid'
          ? [element('remotetype', 'Hybrid remote')]
          : []),
    ];
    return `<job>\n${fields.join('\n')}\n</job>\n`;
  };
  return liveJobStream(head, '</source>\n', batch, render);
}
