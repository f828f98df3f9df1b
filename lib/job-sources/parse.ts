// Each source kind's document read into postings: the fields a job needs, as the provider gives them.
// No rule of the board here (lengths, sanitizing, defaults): mapping.ts turns a posting into a job.
import { DOMParser, type Element } from '@xmldom/xmldom';
import { decodeHTML, escapeUTF8 } from 'entities';
import type { JobSourceKind } from './schemas';

export type PostingWorkplace = 'on_site' | 'hybrid' | 'remote';
export type PostingSalaryPeriod = 'yearly' | 'monthly' | 'weekly' | 'daily' | 'hourly';

export interface Posting {
  externalId: string;
  title: string;
  /** HTML (or plain text for feeds that send text); sanitized by the job service. */
  description: string;
  companyName: string | null;
  location: string | null;
  workplaceType: PostingWorkplace | null;
  /** The provider's words for the employment type (`Full-time`, `FullTime`, `fulltime`). */
  jobType: string | null;
  salary: {
    min: number | null;
    max: number | null;
    currency: string | null;
    period: PostingSalaryPeriod | null;
  } | null;
  applyUrl: string | null;
  publishedAt: Date | null;
}

/** The document is not what the kind's endpoint answers: the run fails and no job changes. */
export class SourceFormatError extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const idOf = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value);

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new SourceFormatError('The response is not JSON.');
  }
}

/** Words of a location or workplace field that say how the work is done. */
export function workplaceFromWords(words: string | null): PostingWorkplace | null {
  if (!words) return null;
  if (/hybrid/i.test(words)) return 'hybrid';
  if (/remote|telecommute|work from home/i.test(words)) return 'remote';
  if (/on[\s-]?site|in[\s-]?office|onsite/i.test(words)) return 'on_site';
  return null;
}

/**
 * Greenhouse's job board API (`/v1/boards/{token}/jobs?content=true`): `content` is HTML escaped
 * once more as entities (`&lt;p&gt;`), so it is unescaped here; pay ranges come with
 * `pay_transparency=true`; a "Workplace Type" custom field, when the board exposes it, says remote
 * or hybrid, else the location's words do.
 */
export function parseGreenhouse(body: string): Posting[] {
  const document = parseJson(body);
  if (!isObject(document) || !Array.isArray(document.jobs))
    throw new SourceFormatError('Expected a Greenhouse job board answer: an object with a `jobs` array.');
  return document.jobs.filter(isObject).map((job) => {
    const location = isObject(job.location) ? text(job.location.name) : null;
    const metadata = Array.isArray(job.metadata) ? job.metadata.filter(isObject) : [];
    const workplaceField = metadata.find((field) => /workplace|remote/i.test(String(field.name ?? '')));
    const pay = Array.isArray(job.pay_input_ranges) ? job.pay_input_ranges.find(isObject) : undefined;
    const content = text(job.content);
    return {
      externalId: idOf(job.id) ?? '',
      title: text(job.title) ?? '',
      description: content ? decodeHTML(content) : '',
      companyName: text(job.company_name),
      location,
      workplaceType: workplaceFromWords(text(workplaceField?.value)) ?? workplaceFromWords(location),
      jobType: null,
      salary: pay
        ? {
            min: centsToAmount(pay.min_cents),
            max: centsToAmount(pay.max_cents),
            currency: text(pay.currency_type),
            period: /hour/i.test(String(pay.title ?? '')) ? 'hourly' : 'yearly',
          }
        : null,
      applyUrl: text(job.absolute_url),
      publishedAt: dateOf(job.first_published),
    };
  });
}

const centsToAmount = (cents: unknown) => {
  const value = number(cents);
  return value === null ? null : value / 100;
};

const LEVER_INTERVALS: Record<string, PostingSalaryPeriod> = {
  'per-year-salary': 'yearly',
  'per-month-salary': 'monthly',
  'per-week-salary': 'weekly',
  'per-day-wage': 'daily',
  'per-hour-wage': 'hourly',
};

const LEVER_WORKPLACES: Record<string, PostingWorkplace> = {
  onsite: 'on_site',
  'on-site': 'on_site',
  hybrid: 'hybrid',
  remote: 'remote',
};

/**
 * Lever's postings API (`/v0/postings/{site}?mode=json`): the description is the opening and body
 * (`description`), each of `lists` as a heading and its items, then `additional`.
 */
export function parseLever(body: string): Posting[] {
  const document = parseJson(body);
  if (!Array.isArray(document))
    throw new SourceFormatError('Expected a Lever postings answer: an array of postings.');
  return document.filter(isObject).map((posting) => {
    const categories = isObject(posting.categories) ? posting.categories : {};
    const lists = Array.isArray(posting.lists) ? posting.lists.filter(isObject) : [];
    const description = [
      text(posting.description) ?? escapeParagraph(text(posting.descriptionPlain)),
      ...lists.map(
        (list) => `<h3>${escapeUTF8(text(list.text) ?? '')}</h3><ul>${text(list.content) ?? ''}</ul>`,
      ),
      text(posting.additional) ?? escapeParagraph(text(posting.additionalPlain)),
    ]
      .filter(Boolean)
      .join('\n');
    const range = isObject(posting.salaryRange) ? posting.salaryRange : null;
    const workplace = text(posting.workplaceType)?.toLowerCase();
    return {
      externalId: text(posting.id) ?? '',
      title: text(posting.text) ?? '',
      description,
      companyName: null,
      location: text(categories.location),
      workplaceType:
        (workplace && LEVER_WORKPLACES[workplace]) || workplaceFromWords(text(categories.location)),
      jobType: text(categories.commitment),
      salary: range
        ? {
            min: number(range.min),
            max: number(range.max),
            currency: text(range.currency),
            period: LEVER_INTERVALS[String(range.interval)] ?? null,
          }
        : null,
      applyUrl: text(posting.applyUrl) ?? text(posting.hostedUrl),
      publishedAt: dateOf(posting.createdAt),
    };
  });
}

const escapeParagraph = (value: string | null) => (value ? `<p>${escapeUTF8(value)}</p>` : null);

const ASHBY_INTERVALS: Record<string, PostingSalaryPeriod> = {
  '1 YEAR': 'yearly',
  '1 MONTH': 'monthly',
  '1 WEEK': 'weekly',
  '1 DAY': 'daily',
  '1 HOUR': 'hourly',
};

/**
 * Ashby's posting API (`/posting-api/job-board/{name}?includeCompensation=true`): unlisted jobs are
 * left out; the salary is the `Salary` component of the compensation summary.
 */
export function parseAshby(body: string): Posting[] {
  const document = parseJson(body);
  if (!isObject(document) || !Array.isArray(document.jobs))
    throw new SourceFormatError('Expected an Ashby job board answer: an object with a `jobs` array.');
  return document.jobs
    .filter(isObject)
    .filter((job) => job.isListed !== false)
    .map((job) => {
      const compensation = isObject(job.compensation) ? job.compensation : {};
      const components = Array.isArray(compensation.summaryComponents)
        ? compensation.summaryComponents.filter(isObject)
        : [];
      const salary = components.find((part) => part.compensationType === 'Salary');
      const location = text(job.location);
      return {
        externalId: text(job.id) ?? '',
        title: text(job.title) ?? '',
        description: text(job.descriptionHtml) ?? escapeParagraph(text(job.descriptionPlain)) ?? '',
        companyName: null,
        location,
        workplaceType:
          workplaceFromWords(text(job.workplaceType)) ??
          (job.isRemote === true ? 'remote' : workplaceFromWords(location)),
        jobType: text(job.employmentType),
        salary: salary
          ? {
              min: number(salary.minValue),
              max: number(salary.maxValue),
              currency: text(salary.currencyCode),
              period: ASHBY_INTERVALS[String(salary.interval)] ?? null,
            }
          : null,
        applyUrl: text(job.applyUrl) ?? text(job.jobUrl),
        publishedAt: dateOf(job.publishedAt),
      };
    });
}

/**
 * A feed in Indeed's XML format (`<source><job>…</job></source>`): `referencenumber` identifies a
 * job (its `url` when a feed leaves it empty); the location is city, state and country. Values may be
 * CDATA (which can be split in several sections) or text, padded with white space.
 */
export function parseXmlFeed(body: string): Posting[] {
  const problems: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => {
      if (level === 'fatalError') problems.push(message);
    },
  }).parseFromString(body, 'text/xml');
  const root = document.documentElement;
  if (problems.length || !root)
    throw new SourceFormatError(`The feed is not well-formed XML: ${problems[0] ?? 'no root element'}`);
  const jobs = Array.from(root.getElementsByTagName('job'));
  if (jobs.length === 0 && root.tagName !== 'source')
    throw new SourceFormatError('Expected an XML feed in Indeed’s format: a <source> with <job> elements.');
  return jobs.map((job) => {
    const value = (name: string) => childText(job, name);
    const url = value('url');
    // Indeed's description is HTML; a feed that sends text with entities (`&oacute;`) means the characters.
    const description = value('description') ?? '';
    const location = [value('city'), value('state'), value('country')].filter(Boolean).join(', ') || null;
    return {
      externalId: value('referencenumber') ?? value('requisitionid') ?? url ?? '',
      title: value('title') ?? '',
      description: /<[a-z][^>]*>/i.test(description) ? description : decodeHTML(description),
      companyName: value('company'),
      location,
      workplaceType: workplaceFromWords(value('remotetype')) ?? workplaceFromWords(value('city')),
      jobType: value('jobtype'),
      salary: salaryFromText(value('salary')),
      applyUrl: url,
      publishedAt: dateOf(value('date')),
    };
  });
}

function childText(job: Element, name: string): string | null {
  for (const child of Array.from(job.childNodes)) {
    if (child.nodeType === 1 && (child as Element).tagName.toLowerCase() === name)
      return text((child as Element).textContent);
  }
  return null;
}

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', '£': 'GBP' };
const PERIOD_WORDS: [RegExp, PostingSalaryPeriod][] = [
  [/hour|hora/i, 'hourly'],
  [/\bday|\bdía/i, 'daily'],
  [/week|semana/i, 'weekly'],
  [/month|\bmes\b/i, 'monthly'],
  [/year|annum|annual|\baño/i, 'yearly'],
];

/**
 * A feed's free-text salary, when it is a plain amount or range ("$50,000 - $60,000 per year",
 * "EUR 40000"); anything else is left out rather than guessed. `$` names no currency (dollars and
 * pesos share it), so only an ISO code, € or £ sets one.
 */
export function salaryFromText(value: string | null): Posting['salary'] {
  if (!value) return null;
  const amounts = [...value.matchAll(/\d{1,3}(?:[,\s]\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?/g)].map(
    (match) => Number(match[0].replace(/[,\s]/g, '')),
  );
  if (amounts.length === 0 || amounts.length > 2 || /\d\s*[kK]\b/.test(value)) return null;
  const code = value.match(/\b[A-Z]{3}\b/)?.[0] ?? null;
  const sign = Object.keys(CURRENCY_SIGNS).find((symbol) => value.includes(symbol));
  return {
    min: amounts[0]!,
    max: amounts[1] ?? amounts[0]!,
    currency: code ?? (sign ? CURRENCY_SIGNS[sign]! : null),
    period: PERIOD_WORDS.find(([words]) => words.test(value))?.[1] ?? null,
  };
}

export function parsePostings(kind: JobSourceKind, body: string): Posting[] {
  switch (kind) {
    case 'greenhouse':
      return parseGreenhouse(body);
    case 'lever':
      return parseLever(body);
    case 'ashby':
      return parseAshby(body);
    case 'xml':
      return parseXmlFeed(body);
  }
}
