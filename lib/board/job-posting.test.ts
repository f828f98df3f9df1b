// The JobPosting data of a live job page, checked against Google's structured-data rules for job
// postings (google-job-posting-rules.ts).

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { locations } from '@/db/schema';
import { commitLocation } from '@/lib/geo/service';
import { getJob } from '@/lib/jobs';
import { createTenant, createTestJob } from '@/test/factories';
import { checkJobPosting } from './google-job-posting-rules';
import { jobPostingJsonLd, jobPostingProblem, jsonLdScript, salaryProblem } from './job-posting';

type Json = Record<string, any>;

/** Every rule of Google's a posting breaks (errors only; warnings are recommendations). */
const googleJobPostingProblems = (data: Json) =>
  checkJobPosting(data).errors.map(({ property, problem }) => `${property}: ${problem}`);

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
  const input = {
    job,
    descriptionHtml: job.description_html,
    location: row ?? null,
    organizationName: 'Climate Jobs',
    logoUrl: null,
  };
  return { data: jobPostingJsonLd(input) as unknown as Json, problem: jobPostingProblem(job, row ?? null) };
}

/** The JobPosting of a job Google takes, checked against its rules. */
async function validPosting(...args: Parameters<typeof posting>) {
  const { data, problem } = await posting(...args);
  expect(problem).toBeNull();
  expect(googleJobPostingProblems(data)).toEqual([]);
  return data;
}

describe('JobPosting JSON-LD', () => {
  it('passes Google’s rules for an on-site job with a salary, and says what it says', async () => {
    const data = await validPosting(
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

  it('marks a remote job open to the world TELECOMMUTE, with no applicant place to misread', async () => {
    const data = await validPosting({
      title: 'Remote Data Engineer',
      is_remote: true,
      job_type: 'contract',
      salary_min: 80,
      salary_currency: 'USD',
      salary_period: 'hourly',
    });
    expect(data).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      employmentType: 'CONTRACTOR',
      baseSalary: { value: { value: 80, unitText: 'HOUR' } },
    });
    expect(data.applicantLocationRequirements).toBeUndefined();
    expect(data.jobLocation).toBeUndefined();
    expect(data.directApply).toBeUndefined();
  });

  it('names the country of a remote job limited to one', async () => {
    const data = await validPosting(
      { title: 'Support Lead', workplace_type: 'remote' },
      { query: 'Remote (Germany)' },
    );
    expect(data.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'Germany' });
  });

  it('names the countries of a remote region, and reads a "Remote - Europe" text as remote', async () => {
    const located = await validPosting({ title: 'Editor', is_remote: true }, { query: 'Remote - Europe' });
    const written = await validPosting({ title: 'Editor', location: 'Remote - Europe' });
    for (const data of [located, written]) {
      expect(data.jobLocationType).toBe('TELECOMMUTE');
      const names = data.applicantLocationRequirements.map((place: Json) => place.name);
      expect(names).toEqual(expect.arrayContaining(['Germany', 'France', 'Portugal']));
      expect(names).not.toContain('United States');
    }
  });

  it('gives a hybrid job its place and never TELECOMMUTE', async () => {
    const data = await validPosting(
      { title: 'Product Designer', workplace_type: 'hybrid', location: 'Lisbon' },
      { query: 'Lisbon', country: 'PT' },
    );
    expect(data.jobLocationType).toBeUndefined();
    expect(data.jobLocation.address).toMatchObject({ addressLocality: 'Lisbon', addressCountry: 'PT' });
  });

  it('gives the street and postal code the location text names inside its place', async () => {
    const data = await validPosting(
      { title: 'Site Reliability Engineer', location: 'Calle de Alcalá 50, 28014 Madrid' },
      { query: 'Madrid', country: 'ES' },
    );
    expect(data.jobLocation.address).toMatchObject({
      streetAddress: 'Calle de Alcalá 50',
      postalCode: '28014',
      addressLocality: 'Madrid',
      addressCountry: 'ES',
    });
  });

  it('carries no JobPosting for a job with no place that is not remote, and says why', async () => {
    const onSite = await posting({ title: 'Operations Lead' });
    expect(onSite.data).toBeNull();
    expect(onSite.problem).toMatch(/no place and is not remote/);
    const hybrid = await posting({ title: 'Operations Lead', workplace_type: 'hybrid' });
    expect(hybrid.data).toBeNull();
    expect(hybrid.problem).toMatch(/hybrid job needs/);
    const hybridRemotePlace = await posting({ title: 'Ops', workplace_type: 'hybrid' }, { query: 'Remote' });
    expect(hybridRemotePlace.data).toBeNull();
  });

  it('leaves out a salary without a currency rather than inventing one, and says so', async () => {
    const data = await validPosting({ title: 'Ranger', location: 'Yosemite', salary_min: 40_000 });
    expect(data.baseSalary).toBeUndefined();
    expect(salaryProblem({ salary_min: 40_000, salary_max: null, salary_currency: null })).toMatch(
      /no currency/,
    );
    expect(salaryProblem({ salary_min: 40_000, salary_max: null, salary_currency: 'USD' })).toBeNull();
    expect(salaryProblem({ salary_min: null, salary_max: null, salary_currency: null })).toBeNull();
  });

  it('cannot be broken out of its script element', () => {
    const text = jsonLdScript({ title: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).title).toBe('</script><script>alert(1)</script>');
  });
});
