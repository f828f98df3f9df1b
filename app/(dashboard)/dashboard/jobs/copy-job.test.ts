import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createJob } from '@/lib/jobs';
import { createJobBodySchema, type JobOut } from '@/lib/jobs/schemas';
import { createTenant } from '@/test/factories';
import { copyFormValuesFromJob, jobBodyFromForm } from './job-form-values';

/** What a job offers a seeker, the fields a copy must carry over unchanged. */
const offered = (job: JobOut) => ({
  title: job.title,
  company_name: job.company_name,
  company_website: job.company_website,
  description_html: job.description_html,
  location: job.location,
  workplace_type: job.workplace_type,
  job_type: job.job_type,
  salary: [job.salary_min, job.salary_max, job.salary_currency, job.salary_period],
  apply: [job.how_to_apply_method, job.how_to_apply, job.contact_email],
  category: job.category,
  categories: job.categories.map((category) => category.name).sort(),
});

describe('Duplicate: a new job from an existing one', () => {
  it('creates a job that offers the same as the original, posted now with a fresh expiry', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const postedAt = new Date('2026-09-01T09:00:00Z');
    const original = await createJob(
      db,
      organization.id,
      createJobBodySchema.parse({
        title: 'Staff Engineer',
        company_name: 'Acme Robotics',
        company_website: 'https://acme.example',
        description: '<p>Build <strong>robots</strong>.</p><ul><li>Rust</li></ul>',
        location: 'Berlin',
        workplace_type: 'hybrid',
        job_type: 'full-time',
        salary_min: 90_000,
        salary_max: 120_000,
        salary_currency: 'EUR',
        salary_period: 'yearly',
        how_to_apply_method: 'email',
        how_to_apply: 'jobs@acme.example',
        category: 'Engineering',
        categories: ['Backend', 'Rust'],
        status: 'pending',
        expires_at: '2026-09-15T23:59:59Z',
      }),
      postedAt,
    );

    const values = copyFormValuesFromJob(original);
    expect(values.status).toBe('active');
    expect(values.expires_at).toBeUndefined();
    const copy = await createJob(
      db,
      organization.id,
      createJobBodySchema.parse(jobBodyFromForm(values, 'create')),
    );

    expect(copy.id).not.toBe(original.id);
    expect(copy.slug).not.toBe(original.slug);
    expect(offered(copy)).toEqual(offered(original));
    expect(copy.status).toBe('active');
    expect(new Date(copy.expires_at!).getTime()).toBeGreaterThan(Date.now());
  });
});
