// Google's JobPosting rules as a table: a complete posting passes with neither error nor warning,
// and each way a posting has been or could be wrong is caught by the rule that names it.
import { describe, expect, it } from 'vitest';
import { checkJobPosting, GOOGLE_JOB_POSTING_RULES } from './google-job-posting-rules';

type Json = Record<string, any>;

const complete: Json = {
  '@context': 'https://schema.org',
  '@type': 'JobPosting',
  title: 'Wind Turbine Technician',
  description: '<h2>The job</h2><p>Keep turbines <strong>turning</strong>.</p><ul><li>Climb</li></ul>',
  datePosted: '2026-11-01T09:00:00.000Z',
  validThrough: '2026-12-01T09:00:00.000Z',
  employmentType: 'FULL_TIME',
  hiringOrganization: { '@type': 'Organization', name: 'Gale Power', sameAs: 'https://gale.example' },
  jobLocation: {
    '@type': 'Place',
    address: { '@type': 'PostalAddress', addressLocality: 'Hamburg', addressCountry: 'DE' },
  },
  baseSalary: {
    '@type': 'MonetaryAmount',
    currency: 'EUR',
    value: { '@type': 'QuantitativeValue', minValue: 52_000, maxValue: 61_000, unitText: 'YEAR' },
  },
  identifier: { '@type': 'PropertyValue', name: 'Climate Jobs', value: 'job-1' },
  directApply: true,
};

const remote: Json = {
  ...complete,
  jobLocation: undefined,
  jobLocationType: 'TELECOMMUTE',
  applicantLocationRequirements: { '@type': 'Country', name: 'Germany' },
};

const properties = (findings: { property: string }[]) => findings.map((finding) => finding.property);

describe('Google’s JobPosting rules', () => {
  it('pass a complete on-site posting and a complete remote one', () => {
    for (const data of [complete, JSON.parse(JSON.stringify(remote))])
      expect(checkJobPosting(data)).toEqual({ errors: [], warnings: [] });
  });

  it.each<[string, Json, string]>([
    ['no type', { '@type': 'Thing' }, '@type'],
    ['no title', { title: ' ' }, 'title'],
    ['markup in the title', { title: '<b>Welder</b>' }, 'title'],
    ['no description', { description: undefined }, 'description'],
    [
      'a tag Google does not read',
      { description: '<p>Hi</p><img src="x.png"><table></table>' },
      'description',
    ],
    ['a description that is the title', { description: 'Wind Turbine Technician' }, 'description'],
    ['a date that is not ISO 8601', { datePosted: 'Fri, 20 Nov 2026 10:00:00 GMT' }, 'datePosted'],
    ['no hiring organization', { hiringOrganization: { '@type': 'Organization' } }, 'hiringOrganization'],
    ['no place and not remote', { jobLocation: undefined }, 'jobLocation'],
    [
      'a place with no address',
      { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress' } } },
      'jobLocation.address',
    ],
    [
      'a gazetteer number as region',
      { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressRegion: '11' } } },
      'jobLocation.address',
    ],
    ['a location type other than TELECOMMUTE', { jobLocationType: 'HYBRID' }, 'jobLocationType'],
    [
      'applicant places for a job that is not remote',
      { applicantLocationRequirements: remote.applicantLocationRequirements },
      'applicantLocationRequirements',
    ],
    [
      '"Worldwide" as an applicant place',
      { ...remote, applicantLocationRequirements: { '@type': 'Country', name: 'Worldwide' } },
      'applicantLocationRequirements',
    ],
    ['an expiry that is not ISO 8601', { validThrough: '1 Dec 2026' }, 'validThrough'],
    ['an expiry before the posting', { validThrough: '2026-10-01T00:00:00Z' }, 'validThrough'],
    ['an employment type of our own', { employmentType: 'full-time' }, 'employmentType'],
    [
      'a salary without currency',
      { baseSalary: { ...complete.baseSalary, currency: undefined } },
      'baseSalary',
    ],
    [
      'a salary per shift',
      { baseSalary: { ...complete.baseSalary, value: { ...complete.baseSalary.value, unitText: 'SHIFT' } } },
      'baseSalary',
    ],
    [
      'a salary range upside down',
      { baseSalary: { ...complete.baseSalary, value: { ...complete.baseSalary.value, minValue: 70_000 } } },
      'baseSalary',
    ],
    [
      'an identifier without value',
      { identifier: { '@type': 'PropertyValue', name: 'Climate Jobs' } },
      'identifier',
    ],
    ['directApply as text', { directApply: 'yes' }, 'directApply'],
  ])('refuse %s', (_name, change, property) => {
    const data = JSON.parse(JSON.stringify({ ...complete, ...change }));
    expect(properties(checkJobPosting(data).errors)).toContain(property);
  });

  it.each<[string, Json, string]>([
    [
      'no country in the address',
      {
        jobLocation: {
          '@type': 'Place',
          address: { '@type': 'PostalAddress', addressLocality: 'Springfield' },
        },
      },
      'jobLocation.address.addressCountry',
    ],
    [
      'a remote job open anywhere',
      { ...remote, applicantLocationRequirements: undefined },
      'applicantLocationRequirements',
    ],
    ['no salary', { baseSalary: undefined }, 'baseSalary'],
    ['no employment type', { employmentType: undefined }, 'employmentType'],
    [
      'a logo that is no URL',
      { hiringOrganization: { ...complete.hiringOrganization, logo: 'logo.png' } },
      'hiringOrganization.sameAs',
    ],
  ])('warn of %s, without refusing it', (_name, change, property) => {
    const { errors, warnings } = checkJobPosting(JSON.parse(JSON.stringify({ ...complete, ...change })));
    expect(errors).toEqual([]);
    expect(properties(warnings)).toContain(property);
  });

  it('name the part of Google’s page each rule comes from', () => {
    for (const rule of GOOGLE_JOB_POSTING_RULES)
      expect(rule.source).toMatch(/^Google, "Job posting \(JobPosting\) structured data", "[A-Z]/);
  });
});
