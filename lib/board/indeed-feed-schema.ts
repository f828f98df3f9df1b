// Indeed's XML feed reference as rules a feed is checked against (used by the feed's tests). Each
// rule names the line of the reference it comes from: "XML feed reference" at
// https://docs.indeed.com/indeed-apply/xml-feed (the page's note, its "Basic feed nodes" table and
// its "Job feed elements" table, by row), and the CDATA note of the older reference at
// https://techdocs.indeedeng.io/xml-job-feed/. Where the reference leaves a value open and we chose
// (region names rather than codes), the rule says so.
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { State } from 'country-state-city';
import { decodeHTML } from 'entities';

const REFERENCE = 'docs.indeed.com/indeed-apply/xml-feed';
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Indeed's values for `<jobtype>`. */
export const INDEED_JOB_TYPE_VALUES = ['fulltime', 'parttime', 'contract', 'internship', 'temporary'];
/** Indeed's values for `<remotetype>`. */
export const INDEED_REMOTE_TYPE_VALUES = ['Fully remote', 'Hybrid remote', 'Temporarily remote'];

interface ElementRule {
  element: string;
  required: boolean;
  /** A problem with a non-empty value, or null. `job` gives the job's other values. */
  check?: (value: string, job: Record<string, string>) => string | null;
  source: string;
}

const row = (element: string, says: string) =>
  `${REFERENCE}, "Job feed elements" table, <${element}> row: ${says}`;

/** The elements of a `<job>`, in the order the reference lists them. No other element is allowed. */
export const JOB_ELEMENT_RULES: readonly ElementRule[] = [
  { element: 'title', required: true, source: row('title', 'Required; the title of the job') },
  {
    element: 'date',
    required: true,
    check: (value) => (ISO_8601.test(value) ? null : 'not an ISO 8601 date and time'),
    source: row('date', 'Required; date first published; "We recommend the ISO-8601 standard format"'),
  },
  {
    element: 'referencenumber',
    required: true,
    source: row('referencenumber', 'Required; unique identifying number for this instance of the job'),
  },
  {
    element: 'requisitionid',
    required: true,
    source: row('requisitionid', 'Required; the requisition ID your system tracks the role by'),
  },
  {
    element: 'url',
    required: true,
    check: (value) => (/^https?:\/\/[^\s]+$/.test(value) ? null : 'not an absolute http(s) URL'),
    source: row('url', 'Required; URL of the job on your site'),
  },
  { element: 'company', required: true, source: row('company', 'Required; the employer') },
  { element: 'city', required: false, source: row('city', 'city of the job location') },
  {
    element: 'state',
    required: false,
    check: (value, job) =>
      job.country && State.getStateByCodeAndCountry(value, job.country)?.name !== undefined
        ? `the region code "${value}" of ${job.country}, not its name`
        : null,
    source: `${row('state', 'state or province of the job location')}; we send names, never gazetteer codes`,
  },
  {
    element: 'country',
    required: false,
    check: (value) => (/^[A-Z]{2}$/.test(value) ? null : 'not an ISO 3166-1 alpha-2 code'),
    source: row('country', 'country of the job location (the example is "US")'),
  },
  { element: 'postalcode', required: false, source: row('postalcode', 'postal code of the job location') },
  {
    element: 'streetaddress',
    required: false,
    source: row('streetaddress', 'street address of the job location'),
  },
  {
    element: 'email',
    required: false,
    check: (value) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'not an e-mail address'),
    source: row('email', 'the address applications for the job go to'),
  },
  {
    element: 'description',
    required: true,
    source: row('description', 'Required; the job description, HTML per the formatting guidelines'),
  },
  { element: 'salary', required: false, source: row('salary', 'the salary, as shown on the job page') },
  {
    element: 'jobtype',
    required: false,
    check: (value) =>
      INDEED_JOB_TYPE_VALUES.includes(value) ? null : `not one of ${INDEED_JOB_TYPE_VALUES.join(', ')}`,
    source: row('jobtype', `the employment type, one of ${INDEED_JOB_TYPE_VALUES.join(', ')}`),
  },
  { element: 'category', required: false, source: row('category', 'the job category') },
  {
    element: 'expirationdate',
    required: false,
    check: (value, job) =>
      !ISO_8601.test(value)
        ? 'not an ISO 8601 date and time'
        : job.date && Date.parse(value) <= Date.parse(job.date)
          ? 'not after <date>'
          : null,
    source: `${row('expirationdate', 'when the job expires')}; ISO 8601 as the <date> row recommends`,
  },
  {
    element: 'remotetype',
    required: false,
    check: (value) =>
      INDEED_REMOTE_TYPE_VALUES.includes(value) ? null : `not one of ${INDEED_REMOTE_TYPE_VALUES.join(', ')}`,
    source: row('remotetype', `remote work, one of ${INDEED_REMOTE_TYPE_VALUES.join(', ')}`),
  },
];

/** Rules of the whole document. */
export const FEED_RULES = {
  declaration: `${REFERENCE}, "Basic feed nodes" table, <?xml ?> row: Required; <?xml version="1.0" encoding="utf-8"?>`,
  root: `${REFERENCE}, "Basic feed nodes" table, <source> row: Required; root node of the feed`,
  entities: `${REFERENCE}, note at the top: "Indeed does not support HTML entities … HTML entities present anywhere in the XML can affect Indeed's ability to read the XML"`,
  cdata:
    'techdocs.indeedeng.io/xml-job-feed, "Job elements": "All job content must be wrapped in <![CDATA[]]> nodes"',
  unique: row('referencenumber', 'the same job in several places must have a unique value each'),
  lastBuildDate: `${row('date', 'ISO 8601 recommended for dates and times')} (applied to <lastBuildDate>)`,
} as const;

export interface FeedProblem {
  /** `feed`, or the job's position and referencenumber. */
  where: string;
  problem: string;
  source: string;
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

const childElements = (node: Node) =>
  Array.from(node.childNodes).filter((child): child is Element => child.nodeType === ELEMENT);

/** Characters of the raw XML outside CDATA sections. */
const outsideCdata = (xml: string) => xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');

/**
 * Every way `xml` breaks the reference, empty when it passes. The document must be well-formed
 * (any parser error is a problem); then the declaration, the root, each job's elements (closed set,
 * required ones non-empty, values per their row, CDATA only), unique reference numbers and no HTML
 * entity anywhere, in markup or in a CDATA value.
 */
export function checkIndeedFeed(xml: string): FeedProblem[] {
  const problems: FeedProblem[] = [];
  const feed = (problem: string, source: string) => problems.push({ where: 'feed', problem, source });
  if (!xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')) {
    feed('missing or different XML declaration', FEED_RULES.declaration);
  }
  const entity = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.exec(outsideCdata(xml));
  if (entity) feed(`entity ${entity[0]} in the markup`, FEED_RULES.entities);
  const errors: string[] = [];
  let root: Element | null = null;
  try {
    root = new DOMParser({
      onError: (level, message) => void (level !== 'warning' && errors.push(message)),
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  for (const error of errors) feed(`not well-formed: ${error}`, FEED_RULES.declaration);
  if (root?.tagName !== 'source') {
    feed('the root element is not <source>', FEED_RULES.root);
    return problems;
  }
  const build = root.getElementsByTagName('lastBuildDate')[0]?.textContent ?? '';
  if (build && !ISO_8601.test(build))
    feed(`lastBuildDate "${build}" is not ISO 8601`, FEED_RULES.lastBuildDate);
  const byElement = new Map(JOB_ELEMENT_RULES.map((rule) => [rule.element, rule]));
  const seen = new Map<string, number>();
  childElements(root)
    .filter((node) => node.tagName === 'job')
    .forEach((job, index) => {
      const values: Record<string, string> = {};
      const elements = childElements(job);
      for (const node of elements) values[node.tagName] = node.textContent ?? '';
      const where = `job ${index + 1} (${values.referencenumber ?? 'no referencenumber'})`;
      const add = (problem: string, source: string) => problems.push({ where, problem, source });
      for (const node of elements) {
        const rule = byElement.get(node.tagName);
        if (!rule) {
          add(`<${node.tagName}> is no element of the reference`, FEED_RULES.root);
          continue;
        }
        if (elements.filter((other) => other.tagName === node.tagName).length > 1) {
          add(`<${node.tagName}> appears more than once`, rule.source);
        }
        const notCdata = Array.from(node.childNodes).filter(
          (each) => each.nodeType !== CDATA && !(each.nodeType === TEXT && !each.nodeValue?.trim()),
        );
        if (notCdata.length > 0) {
          add(`<${node.tagName}> holds something other than CDATA`, FEED_RULES.cdata);
        }
        const value = values[node.tagName]!;
        if (decodeHTML(value) !== value) add(`<${node.tagName}> holds an HTML entity`, FEED_RULES.entities);
        const problem = value && rule.check?.(value, values);
        if (problem) add(`<${node.tagName}> "${value}": ${problem}`, rule.source);
      }
      for (const rule of JOB_ELEMENT_RULES) {
        if (rule.required && !values[rule.element]?.trim())
          add(`<${rule.element}> is missing or empty`, rule.source);
      }
      const reference = values.referencenumber;
      if (reference) {
        const first = seen.get(reference);
        if (first !== undefined) add(`referencenumber repeats job ${first + 1}'s`, FEED_RULES.unique);
        else seen.set(reference, index);
      }
    });
  return problems;
}
