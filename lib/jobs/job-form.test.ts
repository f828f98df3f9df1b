// The job forms' one adapter: the text a browser sends as the API's body, and a job as the text a
// form opens with, so that a job saved as it was opened is the job it was.
import { describe, expect, it } from 'vitest';
import { amountOf, jobBodyFromText, jobFormFields, jobFormText } from './job-form';
import { createJobBodySchema, type JobOut } from './schemas';

describe('amountOf', () => {
  it.each([
    ['50,000', 50_000],
    [' 1 200.50 ', 1200.5],
    ['', null],
    ['  ', null],
    [undefined, null],
    ['fifty', 'fifty'],
  ])('reads %j as %j', (text, amount) => {
    expect(amountOf(text)).toEqual(amount);
  });
});

describe('jobBodyFromText', () => {
  it('makes blank optional text null, the workplace a type, and amounts numbers', () => {
    expect(
      jobBodyFromText({
        title: 'Platform Engineer',
        company_name: 'Acme',
        description: 'Build it.',
        location: '',
        workplace_type: 'remote',
        job_type: ' ',
        salary_min: '70,000',
        salary_max: '',
        salary_currency: ' eur ',
        salary_period: '',
        how_to_apply_method: 'email',
        how_to_apply: ' jobs@acme.example ',
        contact_email: '',
      }),
    ).toEqual({
      title: 'Platform Engineer',
      company_name: 'Acme',
      description: 'Build it.',
      location: '',
      workplace_type: 'remote',
      job_type: null,
      salary_min: 70_000,
      salary_max: null,
      salary_currency: 'eur',
      salary_period: null,
      how_to_apply_method: 'email',
      how_to_apply: 'jobs@acme.example',
      contact_email: null,
    });
  });

  it('reads only the job’s own fields, whatever else the form carries', () => {
    const body = jobBodyFromText({
      title: 'T',
      status: 'active',
      featured: 'true',
      expires_at: '2099-01-01',
    });
    expect(Object.keys(body).sort()).toEqual([...jobFormFields].sort());
  });
});

describe('jobFormText', () => {
  it('is the text that parses back to the job’s own values', () => {
    const job = {
      title: 'Platform Engineer',
      company_name: 'Acme',
      description: 'Build it.',
      location: 'Berlin',
      workplace_type: 'hybrid',
      job_type: 'full-time',
      salary_min: 70_000,
      salary_max: null,
      salary_currency: 'EUR',
      salary_period: 'yearly',
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://acme.example/apply',
      contact_email: 'hiring@acme.example',
    } as const;
    const text = jobFormText(job as unknown as JobOut);
    expect(text).toMatchObject({ workplace_type: 'hybrid', salary_min: '70000', salary_max: '' });
    const parsed = createJobBodySchema.parse(jobBodyFromText(text));
    expect(parsed).toMatchObject({ ...job, salary_max: null });
  });
});
