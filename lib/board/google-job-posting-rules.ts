// Google's JobPosting rules as a table a posting is checked against (used by the board's tests).
// Each rule quotes the part of "Job posting (JobPosting) structured data for Job Search"
// (https://developers.google.com/search/docs/appearance/structured-data/job-posting) it implements:
// a required property or guideline is an error (Google refuses the posting), a recommended one a
// warning (the posting shows, with less).
import { Parser } from 'htmlparser2';
import { GOOGLE_DESCRIPTION_TAGS } from '@/lib/content';

const PAGE = 'Google, "Job posting (JobPosting) structured data"';

/** schema.org employmentType values Google reads. */
export const GOOGLE_EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];

/** unitText values Google reads in baseSalary. */
export const GOOGLE_SALARY_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;
const URL_PATTERN = /^https?:\/\/[^\s]+$/;
const ISO_4217 = /^[A-Z]{3}$/;
const ISO_3166 = /^[A-Z]{2}$/;

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD of any shape; each rule checks what it reads.
type Json = Record<string, any>;

export interface JobPostingRule {
  property: string;
  level: 'error' | 'warning';
  /** Where on Google's page the rule comes from, with its words. */
  source: string;
  /** What breaks the rule in `data`, or null. */
  check: (data: Json) => string | null;
}

const required = (property: string, says: string) => `${PAGE}, "Required properties", ${property}: ${says}`;
const recommended = (property: string, says: string) =>
  `${PAGE}, "Recommended properties", ${property}: ${says}`;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const asList = (value: unknown): Json[] => (value === undefined ? [] : [value].flat()) as Json[];

/** The tag names used in an HTML fragment, read with an HTML parser. */
function tagsOf(html: string): Set<string> {
  const tags = new Set<string>();
  const parser = new Parser({ onopentagname: (name) => tags.add(name) });
  parser.write(html);
  parser.end();
  return tags;
}

const remoteOnly = (data: Json) => data.jobLocationType === 'TELECOMMUTE';

export const GOOGLE_JOB_POSTING_RULES: readonly JobPostingRule[] = [
  {
    property: '@type',
    level: 'error',
    source: `${PAGE}, "Structured data type definitions": the full definition of JobPosting is at schema.org/JobPosting`,
    check: (data) =>
      data['@context'] === 'https://schema.org' && data['@type'] === 'JobPosting'
        ? null
        : 'not a schema.org JobPosting',
  },
  {
    property: 'title',
    level: 'error',
    source: required('title', 'the title of the job (not the title of the posting)'),
    check: (data) =>
      !isText(data.title) ? 'missing' : /[<>]/.test(data.title) ? 'holds markup, not plain text' : null,
  },
  {
    property: 'description',
    level: 'error',
    source: required('description', 'the full description of the job in HTML format'),
    check: (data) => (isText(data.description) ? null : 'missing'),
  },
  {
    property: 'description',
    level: 'error',
    source: required(
      'description',
      'valid tags include <p>, <ul>, <li>, and headings <h1> through <h5>; character-level formatting tags such as <strong> and <em>; line breaks with <br>',
    ),
    check: (data) => {
      if (!isText(data.description)) return null;
      const other = [...tagsOf(data.description)].filter((tag) => !GOOGLE_DESCRIPTION_TAGS.includes(tag));
      return other.length ? `holds tags Google does not read: ${other.join(', ')}` : null;
    },
  },
  {
    property: 'description',
    level: 'error',
    source: required('description', "the description can't be the same as the title"),
    check: (data) =>
      isText(data.description) && data.description.trim() === String(data.title ?? '').trim()
        ? 'the same as the title'
        : null,
  },
  {
    property: 'datePosted',
    level: 'error',
    source: required('datePosted', 'the original date that employer posted the job in ISO 8601 format'),
    check: (data) =>
      typeof data.datePosted === 'string' && ISO_8601.test(data.datePosted) ? null : 'not ISO 8601',
  },
  {
    property: 'hiringOrganization',
    level: 'error',
    source: required('hiringOrganization', 'the organization offering the job position, by its name'),
    check: (data) =>
      data.hiringOrganization?.['@type'] === 'Organization' && isText(data.hiringOrganization.name)
        ? null
        : 'not an Organization with a name',
  },
  {
    property: 'hiringOrganization.sameAs',
    level: 'warning',
    source: `${PAGE}, "Required properties", hiringOrganization: sameAs and logo are the organization's URL and logo`,
    check: (data) =>
      [data.hiringOrganization?.sameAs, data.hiringOrganization?.logo].some(
        (value) => value !== undefined && !URL_PATTERN.test(String(value)),
      )
        ? 'sameAs or logo is not an absolute URL'
        : null,
  },
  {
    property: 'jobLocation',
    level: 'error',
    source: required(
      'jobLocation',
      'the physical location(s) of the business where the employee will report to work; for a job that is 100% remote, jobLocationType TELECOMMUTE instead',
    ),
    check: (data) => (asList(data.jobLocation).length > 0 || remoteOnly(data) ? null : 'missing'),
  },
  {
    property: 'jobLocation.address',
    level: 'error',
    source: required('jobLocation', 'a Place whose address is a PostalAddress naming the place'),
    check: (data) => {
      for (const place of asList(data.jobLocation)) {
        const address = place.address ?? {};
        if (place['@type'] !== 'Place' || address['@type'] !== 'PostalAddress')
          return 'not a Place with a PostalAddress';
        if (![address.addressLocality, address.addressRegion, address.addressCountry].some(isText))
          return 'names no locality, region or country';
        if (address.addressRegion !== undefined && /^\d+$/.test(address.addressRegion))
          return `addressRegion "${address.addressRegion}" is a gazetteer number, not a region`;
      }
      return null;
    },
  },
  {
    property: 'jobLocation.address.addressCountry',
    level: 'warning',
    source: required(
      'jobLocation',
      'include as many properties as possible; the page notes addressCountry (ISO 3166-1 alpha-2). A warning here: a place typed as text has no country until it is picked from the locations',
    ),
    check: (data) => {
      for (const place of asList(data.jobLocation)) {
        const country = place.address?.addressCountry;
        if (country === undefined) return 'missing';
        if (!ISO_3166.test(country)) return `"${country}" is not an ISO 3166-1 alpha-2 code`;
      }
      return null;
    },
  },
  {
    property: 'jobLocationType',
    level: 'error',
    source: recommended(
      'jobLocationType',
      'set the value TELECOMMUTE for jobs in which the employee may or must work remotely 100% of the time; jobs marked as TELECOMMUTE must be fully remote',
    ),
    check: (data) =>
      data.jobLocationType === undefined || data.jobLocationType === 'TELECOMMUTE'
        ? null
        : `"${data.jobLocationType}" is not TELECOMMUTE`,
  },
  {
    property: 'applicantLocationRequirements',
    level: 'error',
    source: recommended(
      'applicantLocationRequirements',
      'the geographic location(s) in which employees may be located to be eligible for the remote job (a Country or State)',
    ),
    check: (data) => {
      const places = asList(data.applicantLocationRequirements);
      if (places.length > 0 && !remoteOnly(data)) return 'given for a job that is not TELECOMMUTE';
      const wrong = places.find(
        (place) =>
          !['Country', 'State', 'AdministrativeArea'].includes(place['@type']) ||
          !isText(place.name) ||
          /remote|worldwide|anywhere/i.test(place.name),
      );
      return wrong ? `${JSON.stringify(wrong)} is not a place Google resolves` : null;
    },
  },
  {
    property: 'applicantLocationRequirements',
    level: 'warning',
    source: recommended(
      'applicantLocationRequirements',
      'required if applicants may be located in one or more geographic locations and the job is 100% remote',
    ),
    check: (data) =>
      remoteOnly(data) && asList(data.applicantLocationRequirements).length === 0 && !data.jobLocation
        ? 'missing: Google reads the remote job as open to applicants anywhere'
        : null,
  },
  {
    property: 'validThrough',
    level: 'error',
    source: recommended(
      'validThrough',
      'the date after which the job posting is not valid, in ISO 8601 format; required for postings with an expiration date',
    ),
    check: (data) => {
      if (data.validThrough === undefined) return null;
      if (typeof data.validThrough !== 'string' || !ISO_8601.test(data.validThrough)) return 'not ISO 8601';
      return Date.parse(data.validThrough) > Date.parse(data.datePosted) ? null : 'not after datePosted';
    },
  },
  {
    property: 'employmentType',
    level: 'error',
    source: recommended('employmentType', `one or more of ${GOOGLE_EMPLOYMENT_TYPES.join(', ')}`),
    check: (data) =>
      data.employmentType === undefined ||
      asList(data.employmentType).every((type) => GOOGLE_EMPLOYMENT_TYPES.includes(type as unknown as string))
        ? null
        : `"${data.employmentType}" is not one of Google's values`,
  },
  {
    property: 'employmentType',
    level: 'warning',
    source: recommended('employmentType', 'type of employment'),
    check: (data) => (data.employmentType === undefined ? 'missing' : null),
  },
  {
    property: 'baseSalary',
    level: 'error',
    source: recommended(
      'baseSalary',
      `a MonetaryAmount with a currency (ISO 4217) and a QuantitativeValue: a value, or minValue and maxValue, and unitText one of ${GOOGLE_SALARY_UNITS.join(', ')}`,
    ),
    check: (data) => {
      const salary = data.baseSalary;
      if (salary === undefined) return null;
      const value = salary.value ?? {};
      if (salary['@type'] !== 'MonetaryAmount') return 'not a MonetaryAmount';
      if (!ISO_4217.test(salary.currency ?? '')) return 'no ISO 4217 currency';
      if (value['@type'] !== 'QuantitativeValue') return 'value is not a QuantitativeValue';
      if (!GOOGLE_SALARY_UNITS.includes(value.unitText))
        return `unitText "${value.unitText}" is not Google's`;
      const single = typeof value.value === 'number';
      const range =
        typeof value.minValue === 'number' &&
        typeof value.maxValue === 'number' &&
        value.minValue <= value.maxValue;
      return single || range ? null : 'neither a value nor minValue ≤ maxValue';
    },
  },
  {
    property: 'baseSalary',
    level: 'warning',
    source: recommended('baseSalary', 'the actual base salary for the job, as provided by the employer'),
    check: (data) => (data.baseSalary === undefined ? 'missing' : null),
  },
  {
    property: 'identifier',
    level: 'error',
    source: recommended(
      'identifier',
      "the hiring organization's unique identifier for the job: a PropertyValue with name and value",
    ),
    check: (data) =>
      data.identifier === undefined ||
      (data.identifier['@type'] === 'PropertyValue' &&
        isText(data.identifier.name) &&
        isText(data.identifier.value))
        ? null
        : 'not a PropertyValue with name and value',
  },
  {
    property: 'directApply',
    level: 'error',
    source: recommended(
      'directApply',
      'a Boolean: true when the URL lets the user complete the application on the page without extra steps',
    ),
    check: (data) =>
      data.directApply === undefined || typeof data.directApply === 'boolean' ? null : 'not a Boolean',
  },
];

export interface JobPostingFinding {
  property: string;
  problem: string;
  source: string;
}

/** Every broken rule of a JobPosting: errors (Google refuses it) and warnings (it shows, with less). */
export function checkJobPosting(data: Json): { errors: JobPostingFinding[]; warnings: JobPostingFinding[] } {
  const errors: JobPostingFinding[] = [];
  const warnings: JobPostingFinding[] = [];
  for (const rule of GOOGLE_JOB_POSTING_RULES) {
    const problem = rule.check(data);
    if (problem)
      (rule.level === 'error' ? errors : warnings).push({
        property: rule.property,
        problem,
        source: rule.source,
      });
  }
  return { errors, warnings };
}
