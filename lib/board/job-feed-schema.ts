// The field lists of LinkedIn's and ZipRecruiter's XML job feeds as rules a feed is checked against
// (used by the feeds' tests; Indeed's, with its own reference, is indeed-feed-schema.ts). Each list
// names where it comes from; where the partner leaves a value open and we chose, the rule says so.
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { LINKEDIN_JOB_TYPES, LINKEDIN_SALARY_PERIODS, LINKEDIN_WORKPLACE_TYPES } from './linkedin-feed';
import { ZIPRECRUITER_JOB_TYPES } from './ziprecruiter-feed';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const HTTP_URL = /^https?:\/\/\S+$/;
const AMOUNT = /^\d+(?:\.\d+)?$/;
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;

interface FieldRule {
  required?: boolean;
  /** The values the partner accepts, when it lists them. */
  values?: readonly string[];
  pattern?: RegExp;
  /** Elements inside (salaries); a field without holds one CDATA text. */
  children?: Record<string, FieldRule>;
  /** The most times it may appear in its parent (1 unless said). */
  most?: number;
  /** Checked on its own (the jobs inside `<source>`). */
  apart?: boolean;
}

export interface JobFeedSpec {
  name: string;
  source: string;
  /** The elements of `<source>` before the jobs. */
  head: Record<string, FieldRule>;
  job: Record<string, FieldRule>;
  /** The job's unique id element. */
  id: string;
}

const values = (map: Record<string, string>) => [...new Set(Object.values(map).filter(Boolean))];

/**
 * LinkedIn's "Basic Jobs" XML feed, from the "Job Posting Field Schema" table of its development
 * guide (learn.microsoft.com/linkedin/talent/job-postings/xml-feeds-development-guide). The table
 * spells the publisher's address `publisherURL`. `companyId` is mandatory for applicant tracking
 * systems only, which a job board is not; `industryCodes` is sent only when known, never here.
 */
export const LINKEDIN_FEED_SPEC: JobFeedSpec = {
  name: 'LinkedIn',
  source: 'learn.microsoft.com/linkedin/talent/job-postings/xml-feeds-development-guide',
  head: {
    lastBuildDate: { required: true },
    publisherURL: { required: true, pattern: HTTP_URL },
    publisher: { required: true },
  },
  job: {
    partnerJobId: { required: true, pattern: /^.{1,40}$/ },
    company: { required: true },
    title: { required: true },
    description: { required: true },
    applyUrl: { required: true, pattern: HTTP_URL },
    // Mandatory in the table; a job with no place at all has none to give, and none is invented.
    location: {},
    city: {},
    state: {},
    country: { pattern: COUNTRY },
    postalCode: {},
    workplaceTypes: { required: true, values: Object.values(LINKEDIN_WORKPLACE_TYPES) },
    jobtype: { values: values(LINKEDIN_JOB_TYPES) },
    experienceLevel: {
      values: [
        'INTERNSHIP',
        'ENTRY_LEVEL',
        'ASSOCIATE',
        'MID_SENIOR_LEVEL',
        'DIRECTOR',
        'EXECUTIVE',
        'NOT_APPLICABLE',
      ],
    },
    salaries: {
      children: {
        salary: {
          children: {
            highEnd: { children: { amount: { pattern: AMOUNT }, currencyCode: { pattern: CURRENCY } } },
            lowEnd: { children: { amount: { pattern: AMOUNT }, currencyCode: { pattern: CURRENCY } } },
            period: { values: values(LINKEDIN_SALARY_PERIODS) },
            type: { required: true, values: ['BASE_SALARY'] },
          },
        },
      },
    },
    expirationDate: { pattern: ISO_8601 },
  },
  id: 'partnerJobId',
};

/**
 * ZipRecruiter's XML job feed, from its job feed specification's field list (the elements of its
 * sample feed, with the compensation fields and `remote`). We send `remote` as true or false: a
 * hybrid job is not remote.
 */
export const ZIPRECRUITER_FEED_SPEC: JobFeedSpec = {
  name: 'ZipRecruiter',
  source: 'ZipRecruiter job feed specification',
  head: {
    publisher: { required: true },
    publisherurl: { required: true, pattern: HTTP_URL },
    lastBuildDate: { required: true },
  },
  job: {
    referencenumber: { required: true },
    title: { required: true },
    company: { required: true },
    date: { required: true, pattern: ISO_8601 },
    url: { required: true, pattern: HTTP_URL },
    description: { required: true },
    city: {},
    state: {},
    country: { pattern: COUNTRY },
    postalcode: {},
    jobtype: { values: values(ZIPRECRUITER_JOB_TYPES) },
    salary: {},
    compensation_min: { pattern: AMOUNT },
    compensation_max: { pattern: AMOUNT },
    compensation_interval: { values: ['hourly', 'daily', 'weekly', 'monthly', 'yearly'] },
    compensation_currency: { pattern: CURRENCY },
    remote: { required: true, values: ['true', 'false'] },
    category: {},
  },
  id: 'referencenumber',
};

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

const childElements = (node: Node) =>
  Array.from(node.childNodes).filter((child): child is Element => child.nodeType === ELEMENT);

/**
 * Every way `xml` breaks `spec`, empty when it passes: well-formed (any parser error is a problem),
 * `<source>` as the root, the head's and each job's elements a closed set, none twice, required ones
 * non-empty, values per their rule, text only in CDATA, and ids unique.
 */
export function checkJobFeed(xml: string, spec: JobFeedSpec): string[] {
  const problems: string[] = [];
  if (!/^<\?xml version="1\.0" encoding="(?:UTF|utf)-8"\?>/.test(xml))
    problems.push('feed: missing or different XML declaration');
  const errors: string[] = [];
  let root: Element | null = null;
  try {
    root = new DOMParser({
      onError: (level, message) => void (level !== 'warning' && errors.push(message)),
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  for (const error of errors) problems.push(`feed: not well-formed: ${error}`);
  if (root?.tagName !== 'source') return [...problems, 'feed: the root element is not <source>'];

  const checkChildren = (parent: Element, rules: Record<string, FieldRule>, where: string) => {
    const children = childElements(parent);
    for (const [name, rule] of Object.entries(rules)) {
      const found = children.filter((child) => child.tagName === name);
      if (found.length > (rule.most ?? 1)) problems.push(`${where}: <${name}> appears ${found.length} times`);
      if (rule.required && !found.some((node) => node.textContent?.trim()))
        problems.push(`${where}: <${name}> is missing or empty`);
    }
    for (const child of children) {
      const rule = rules[child.tagName];
      if (!rule) {
        problems.push(`${where}: <${child.tagName}> is no element of ${spec.name}'s feed`);
        continue;
      }
      if (rule.apart) continue;
      if (rule.children) {
        checkChildren(child, rule.children, `${where} <${child.tagName}>`);
        continue;
      }
      const notCdata = Array.from(child.childNodes).filter(
        (node) => node.nodeType !== CDATA && !(node.nodeType === TEXT && !node.nodeValue?.trim()),
      );
      // The head's build date is plain text in the partners' own samples.
      if (notCdata.length > 0 && !(parent === root && child.tagName === 'lastBuildDate'))
        problems.push(`${where}: <${child.tagName}> holds something other than CDATA`);
      const value = child.textContent ?? '';
      if (rule.values && !rule.values.includes(value))
        problems.push(`${where}: <${child.tagName}> "${value}" is not one of ${rule.values.join(', ')}`);
      if (rule.pattern && !rule.pattern.test(value))
        problems.push(`${where}: <${child.tagName}> "${value}" is not of the form ${rule.pattern}`);
    }
  };

  checkChildren(root, { ...spec.head, job: { most: Number.POSITIVE_INFINITY, apart: true } }, 'feed');
  const jobs = childElements(root).filter((node) => node.tagName === 'job');
  const seen = new Map<string, number>();
  jobs.forEach((job, index) => {
    const id = childElements(job).find((node) => node.tagName === spec.id)?.textContent ?? '';
    const where = `job ${index + 1} (${id || `no ${spec.id}`})`;
    checkChildren(job, spec.job, where);
    const first = seen.get(id);
    if (id && first !== undefined) problems.push(`${where}: ${spec.id} repeats job ${first + 1}'s`);
    else seen.set(id, index);
  });
  return problems;
}
