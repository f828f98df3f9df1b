// Selling on the board: the job form from its text to a paid
// job, where checkouts send members back to, and an employer's own jobs.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans } from '@/db/schema';
import { createApplication } from '@/lib/applications';
import { jobsOfMember } from '@/lib/jobs';
import { completeLocalCheckout, jobCredits, startCheckout } from '@/lib/payments';
import { createTenant, createTestJob, createTestPlan, memberOf, sellingBoard } from '@/test/factories';
import { checkoutUrls, onThisHost, returnPath } from './b/[board]/payments';
import {
  blankJobValues,
  CREDIT,
  jobBodyFromValues,
  parseJobForm,
  postJobFromForm,
} from './b/[board]/post-a-job/post-job';

/** A path-mode visitor on a board whose canonical address is a subdomain. */
const links = {
  href: (path: string) => `/b/acme${path === '/' ? '' : path}`,
  url: (path: string) => `https://acme.boards.example${path === '/' ? '' : path}`,
};

const filled = (fields: Record<string, string> = {}) => ({
  ...blankJobValues({ email: 'hiring@acme.example' }, CREDIT),
  title: 'Platform Engineer',
  company_name: 'Acme',
  description: 'Build the platform.\n\n- Go\n- PostgreSQL',
  location: 'Berlin',
  ...fields,
});

describe('where a checkout leads', () => {
  it.each([
    ['a job', 'job-1', '/post-a-job/job-1', 'https://acme.boards.example/post-a-job/job-1'],
    ['reader access', null, '/account?paid=1', 'https://acme.boards.example/pricing'],
  ])('sends %s back to the board', (_what, jobId, back, cancel) => {
    expect(returnPath(jobId)).toBe(back);
    const urls = checkoutUrls(links, jobId);
    expect(urls).toMatchObject({ successUrl: `https://acme.boards.example${back}`, cancelUrl: cancel });
    expect(urls.localCheckoutUrl('lcs_1')).toBe('https://acme.boards.example/checkout/lcs_1');
  });

  it.each([
    [
      'the board’s own page, on the visitor’s host',
      'https://acme.boards.example/checkout/lcs_1',
      '/b/acme/checkout/lcs_1',
    ],
    [
      'a provider’s page, as it is',
      'https://checkout.stripe.com/c/pay/cs_1',
      'https://checkout.stripe.com/c/pay/cs_1',
    ],
    [
      'a look-alike host, as it is',
      'https://acme.boards.example.evil/checkout',
      'https://acme.boards.example.evil/checkout',
    ],
  ])('links to %s', (_what, url, expected) => {
    expect(onThisHost(links, url)).toBe(expected);
  });
});

describe('the job form', () => {
  const choices = [CREDIT];

  it.each([
    ['a missing title', { title: '  ' }, { title: 'Enter the job title.' }],
    [
      'a missing company and description',
      { company_name: '', description: '' },
      {
        company_name: 'Enter the company name.',
        description: 'Describe the job.',
      },
    ],
    [
      'a salary that is no number',
      { salary_min: 'lots' },
      {
        salary_min: 'Enter the minimum salary as a number, like 50000.',
      },
    ],
    [
      'a maximum under the minimum',
      { salary_min: '90,000', salary_max: '50000' },
      {
        salary_max: 'The maximum salary must be at least the minimum.',
      },
    ],
    [
      'an unknown currency',
      { salary_currency: 'ABC' },
      {
        salary_currency: 'Enter a currency code of three letters, like USD or EUR.',
      },
    ],
    [
      'an application page that is no URL',
      { how_to_apply_method: 'form-external', how_to_apply: 'our site' },
      {
        how_to_apply: 'Enter the address of your application page, starting with https://.',
      },
    ],
    [
      'email applications without an address',
      { how_to_apply_method: 'email', how_to_apply: '' },
      {
        how_to_apply: 'Enter the email address applications go to, like jobs@example.com.',
      },
    ],
    [
      'no contact email',
      { contact_email: '' },
      {
        contact_email: 'Enter an email address like name@example.com.',
      },
    ],
    [
      'a way to pay that is not on offer',
      { payment: 'another-plan' },
      {
        payment: 'Choose how to pay for this job.',
      },
    ],
  ])('refuses %s, beside the field', (_what, fields, fieldErrors) => {
    expect(parseJobForm(filled(fields), choices)).toEqual({ ok: false, fieldErrors });
  });

  it('names every problem at once, the rules across fields too', () => {
    const parsed = parseJobForm(
      filled({
        title: '',
        salary_min: '10',
        salary_max: '5',
        how_to_apply_method: 'email',
        how_to_apply: 'x',
      }),
      choices,
    );
    expect(parsed.ok || Object.keys(parsed.fieldErrors)).toEqual(['title', 'salary_max', 'how_to_apply']);
  });

  it('takes only what an employer may set, in the API’s terms', () => {
    const parsed = parseJobForm(
      filled({
        workplace_type: 'hybrid',
        job_type: 'full-time',
        salary_min: '50 000',
        salary_currency: 'eur',
        salary_period: 'yearly',
        how_to_apply: 'https://ignored.example',
      }),
      choices,
    );
    expect(parsed).toEqual({
      ok: true,
      input: {
        title: 'Platform Engineer',
        company_name: 'Acme',
        description: 'Build the platform.\n\n- Go\n- PostgreSQL',
        location: 'Berlin',
        workplace_type: 'hybrid',
        job_type: 'full-time',
        salary_min: 50000,
        salary_max: null,
        salary_currency: 'EUR',
        salary_period: 'yearly',
        contact_email: 'hiring@acme.example',
        how_to_apply_method: 'form-internal',
        // Applying through the board: the address typed for another method is dropped.
        how_to_apply: null,
      },
    });
    const body = jobBodyFromValues({
      ...filled(),
      status: 'active',
      featured: 'true',
      expires_at: '2099-01-01',
    });
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('featured');
    expect(body).not.toHaveProperty('expires_at');
  });
});

describe('posting a job from the board', () => {
  it('holds the job until its checkout is paid, then lists it featured', async () => {
    const { db, orgId, jobPack } = await sellingBoard();
    const member = await memberOf(orgId);
    const context = {
      db,
      orgId,
      member,
      jobPlans: [jobPack],
      hasCredit: false,
      urls: (jobId: string) => checkoutUrls(links, jobId),
    };
    const outcome = await postJobFromForm(context, filled({ payment: jobPack.id }));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const sessionId = outcome.checkoutUrl!.split('/').at(-1)!;
    expect(outcome.checkoutUrl).toBe(`https://acme.boards.example/checkout/${sessionId}`);
    expect(await jobsOfMember(db, orgId, member.id, { id: outcome.jobId })).toEqual([
      expect.objectContaining({
        title: 'Platform Engineer',
        status: 'pending_payment',
        featured: false,
        checkoutUrl: outcome.checkoutUrl,
      }),
    ]);

    await completeLocalCheckout(db, orgId, sessionId, member.id);
    const [paid] = await jobsOfMember(db, orgId, member.id, { id: outcome.jobId });
    expect(paid).toMatchObject({ status: 'active', featured: true, checkoutUrl: null, applications: 0 });
    expect(paid!.expiresAt!.getTime() - paid!.publishedAt!.getTime()).toBe(30 * 86_400_000);
  });

  it('posts with a remaining job post at once, and says so when none is left', async () => {
    const { db, orgId } = await sellingBoard();
    const member = await memberOf(orgId);
    const pack = await createTestPlan(orgId, {
      name: 'Two posts',
      kind: 'job_post',
      interval: 'one_time',
      amount: 8000,
      jobsIncluded: 2,
    });
    const { sessionId } = await startCheckout(db, orgId, member, pack.id, checkoutUrls(links, null));
    await completeLocalCheckout(db, orgId, sessionId, member.id);
    const context = {
      db,
      orgId,
      member,
      jobPlans: [pack],
      hasCredit: true,
      urls: () => checkoutUrls(links, null),
    };

    const first = await postJobFromForm(context, filled());
    expect(first).toMatchObject({ ok: true, checkoutUrl: null });
    expect(await jobCredits(db, orgId, member.id)).toBe(1);
    await postJobFromForm(context, filled({ title: 'Second role' }));
    // The page offered a credit a moment ago; another tab has spent it since.
    expect(await postJobFromForm(context, filled({ title: 'Third role' }))).toEqual({
      ok: false,
      fieldErrors: { payment: 'No job posts left; choose a plan to post this job.' },
    });
    expect((await jobsOfMember(db, orgId, member.id)).map((job) => [job.title, job.status])).toEqual([
      ['Second role', 'active'],
      ['Platform Engineer', 'active'],
    ]);
  });

  it('refuses a plan taken off sale since the form was shown, keeping the job unposted', async () => {
    const { db, orgId, jobPack } = await sellingBoard();
    const member = await memberOf(orgId);
    await db.update(plans).set({ isActive: false }).where(eq(plans.id, jobPack.id));
    const outcome = await postJobFromForm(
      { db, orgId, member, jobPlans: [jobPack], hasCredit: false, urls: (id) => checkoutUrls(links, id) },
      filled({ payment: jobPack.id }),
    );
    expect(outcome).toEqual({ ok: false, fieldErrors: { payment: 'This plan is no longer offered.' } });
    expect(await jobsOfMember(db, orgId, member.id)).toEqual([]);
  });

  it('refuses job seekers, whatever the form says', async () => {
    const { db, orgId, jobPack } = await sellingBoard();
    const candidate = await memberOf(orgId, 'candidate');
    const outcome = await postJobFromForm(
      {
        db,
        orgId,
        member: candidate,
        jobPlans: [jobPack],
        hasCredit: false,
        urls: (id) => checkoutUrls(links, id),
      },
      filled({ payment: jobPack.id }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      fieldErrors: { payment: expect.stringMatching(/employer accounts/) },
    });
  });
});

describe('an employer’s own jobs', () => {
  it('lists only the member’s jobs of this board, with their applications', async () => {
    const { db, orgId, jobPack } = await sellingBoard();
    const member = await memberOf(orgId);
    const other = await memberOf(orgId);
    const mine = await postJobFromForm(
      { db, orgId, member, jobPlans: [jobPack], hasCredit: false, urls: (id) => checkoutUrls(links, id) },
      filled({ payment: jobPack.id }),
    );
    if (!mine.ok) throw new Error('not posted');
    await completeLocalCheckout(db, orgId, mine.checkoutUrl!.split('/').at(-1)!, member.id);
    await createApplication(db, orgId, mine.jobId, { name: 'Ada', email: 'ada@example.com' });
    await createTestJob(orgId, { title: 'Posted by the owner' });

    expect(await jobsOfMember(db, orgId, member.id)).toEqual([
      expect.objectContaining({ id: mine.jobId, applications: 1 }),
    ]);
    expect(await jobsOfMember(db, orgId, other.id, { id: mine.jobId })).toEqual([]);
    const elsewhere = await createTenant();
    expect(await jobsOfMember(db, elsewhere.organization.id, member.id)).toEqual([]);
  });
});
