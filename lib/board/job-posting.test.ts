// The JobPosting data of a live job page, checked field by field against Google's structured-data
// rules for job postings (required and recommended properties).

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { locations } from '@/db/schema';
import { commitLocation } from '@/lib/geo/service';
import { getJob } from '@/lib/jobs';
import { createTenant, createTestJob } from '@/test/factories';
import { jobPostingJsonLd, jsonLdScript } from './job-posting';

const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

type Json = Record<string, any>;

/** Every rule Google states for JobPosting, as a list of broken ones (empty: valid). */
function googleJobPostingProblems(data: Json): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, problem: string) => {
    if (!ok) problems.push(problem);
  };
  need(data['@context'] === 'https://schema.org' && data['@type'] === 'JobPosting', 'type');
  need(
    typeof data.title === 'string' && data.title.length > 0 && !/<|>/.test(data.title),
    'title: plain text',
  );
  need(typeof data.description === 'string' && /<p>|<ul>|<br>/.test(data.description), 'description: HTML');
  need(ISO_DATE.test(data.datePosted), 'datePosted: ISO 8601');
  need(
    data.hiringOrganization?.['@type'] === 'Organization' && data.hiringOrganization.name,
    'hiringOrganization.name',
  );
  if (data.hiringOrganization?.sameAs)
    need(/^https?:\/\//.test(data.hiringOrganization.sameAs), 'hiringOrganization.sameAs: URL');
  const remoteOnly = data.jobLocationType === 'TELECOMMUTE';
  need(data.jobLocation || remoteOnly, 'jobLocation (required unless TELECOMMUTE)');
  if (data.jobLocation) {
    const address = data.jobLocation.address ?? {};
    need(
      data.jobLocation['@type'] === 'Place' && address['@type'] === 'PostalAddress',
      'jobLocation: Place/PostalAddress',
    );
    need(
      address.addressLocality || address.addressRegion || address.addressCountry,
      'jobLocation.address: a locality, region or country',
    );
    if (address.addressCountry)
      need(/^[A-Z]{2}$/.test(address.addressCountry), 'addressCountry: ISO 3166-1 alpha-2');
  }
  if (remoteOnly)
    need(data.applicantLocationRequirements?.name, 'applicantLocationRequirements with TELECOMMUTE');
  // Recommended.
  if (data.validThrough) {
    need(ISO_DATE.test(data.validThrough), 'validThrough: ISO 8601');
    need(Date.parse(data.validThrough) > Date.parse(data.datePosted), 'validThrough after datePosted');
  }
  if (data.employmentType)
    need(EMPLOYMENT_TYPES.includes(data.employmentType), 'employmentType: a schema.org value');
  if (data.baseSalary) {
    const value = data.baseSalary.value ?? {};
    need(data.baseSalary['@type'] === 'MonetaryAmount', 'baseSalary: MonetaryAmount');
    need(/^[A-Z]{3}$/.test(data.baseSalary.currency), 'baseSalary.currency: ISO 4217');
    need(
      value['@type'] === 'QuantitativeValue' && UNITS.includes(value.unitText),
      'baseSalary.value: QuantitativeValue with unitText',
    );
    need(
      typeof value.value === 'number' ||
        (typeof value.minValue === 'number' && value.maxValue >= value.minValue),
      'baseSalary.value: a value or minValue ≤ maxValue',
    );
  }
  if (data.identifier) need(data.identifier.name && data.identifier.value, 'identifier: name and value');
  if ('directApply' in data) need(typeof data.directApply === 'boolean', 'directApply: boolean');
  return problems;
}

async function posting(
  fields: Parameters<typeof createTestJob>[1],
  place?: { query: string; country?: string },
) {
  const tenant = await createTenant({ name: 'Climate Jobs' });
  const db = await getDb();
  const location = place ? await commitLocation(db, tenant.organization.id, place) : undefined;
  const created = await createTestJob(tenant.organization.id, {
    ...fields,
    location_id: location?.id ?? null,
  });
  const job = await getJob(db, tenant.organization.id, created.id);
  const [row] = location ? await db.select().from(locations).where(eq(locations.id, location.id)) : [];
  return jobPostingJsonLd({
    job,
    descriptionHtml: job.description_html,
    location: row ?? null,
    organizationName: 'Climate Jobs',
    logoUrl: null,
  }) as unknown as Json;
}

describe('JobPosting JSON-LD', () => {
  it('passes Google’s rules for an on-site job with a salary, and says what it says', async () => {
    const data = await posting(
      {
        title: 'Wind Turbine Technician',
        description: 'Keep turbines turning.\n\n- Climb safely\n- Fix things',
        company_name: 'Gale Power',
        company_website: 'https://gale.example',
        job_type: 'full-time',
        salary_min: 52_000,
        salary_max: 61_000,
        salary_currency: 'EUR',
        salary_period: 'yearly',
        how_to_apply_method: 'form-internal',
        location: 'Hamburg',
      },
      { query: 'Hamburg', country: 'DE' },
    );
    expect(googleJobPostingProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      title: 'Wind Turbine Technician',
      employmentType: 'FULL_TIME',
      directApply: true,
      hiringOrganization: { name: 'Gale Power', sameAs: 'https://gale.example' },
      jobLocation: { address: { addressLocality: 'Hamburg', addressCountry: 'DE' } },
      baseSalary: { currency: 'EUR', value: { minValue: 52_000, maxValue: 61_000, unitText: 'YEAR' } },
      identifier: { name: 'Climate Jobs', value: expect.any(String) },
    });
    expect(data.description).toContain('<ul><li>Climb safely</li>');
    expect(data.validThrough).toBeDefined();
    expect(data.jobLocationType).toBeUndefined();
  });

  it('marks a remote job TELECOMMUTE with where applicants may live', async () => {
    const data = await posting({
      title: 'Remote Data Engineer',
      is_remote: true,
      job_type: 'contract',
      salary_min: 80,
      salary_currency: 'USD',
      salary_period: 'hourly',
    });
    expect(googleJobPostingProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { name: expect.any(String) },
      employmentType: 'CONTRACTOR',
      baseSalary: { value: { value: 80, unitText: 'HOUR' } },
    });
    expect(data.directApply).toBeUndefined();
  });

  it('leaves out a salary without a currency rather than inventing one', async () => {
    const data = await posting({ title: 'Ranger', location: 'Yosemite', salary_min: 40_000 });
    expect(googleJobPostingProblems(data)).toEqual([]);
    expect(data.baseSalary).toBeUndefined();
  });

  it('cannot be broken out of its script element', () => {
    const text = jsonLdScript({ title: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).title).toBe('</script><script>alert(1)</script>');
  });

  it('the rule checker itself rejects broken data', () => {
    expect(
      googleJobPostingProblems({ '@context': 'https://schema.org', '@type': 'JobPosting', title: 'x' }),
    ).toEqual(
      expect.arrayContaining([
        'description: HTML',
        'datePosted: ISO 8601',
        'hiringOrganization.name',
        'jobLocation (required unless TELECOMMUTE)',
      ]),
    );
  });
});
