// One organization's worth of content, made through the management API (and the media library and a
// visitor's board, which have none): the accessibility gate and the reflow check show every page full.
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, signInOnBoard } from '../helpers';
import type { SeededIds } from './dashboard-states';

const PNG = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();

/** Fills the organization through the management API (and the media library, which has no API). */
export async function seed(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  key: string,
  base: string,
  baseURL: string,
): Promise<SeededIds> {
  const call = (method: 'post' | 'put' | 'patch', path: string, data: unknown) =>
    api(request, key, method, path, data);
  await call('put', '/organization/payments', { provider: 'local' });
  // A webhook first, so the jobs below leave deliveries in its log.
  const webhook = await call('post', '/webhooks', {
    event: 'job.created',
    target_url: 'https://hooks.example.com/boardkit',
  });
  await call('post', '/secrets', { name: 'stripe_api_key', value: 'sk_test_a11y-value' });
  // Off schedule: the gate's machine has no way out, and a run would only fail.
  const jobSource = await call('post', '/job-sources', {
    kind: 'greenhouse',
    url: 'https://boards-api.greenhouse.io/v1/boards/vaulttec/jobs?content=true',
    is_enabled: false,
  });
  await call('post', '/categories', { name: 'Engineering' });
  await call('post', '/categories', { name: 'Backend', parent: 'engineering' });
  const lisbon = await call('post', '/locations', { query: 'Lisbon', create: true });
  const job = await call('post', '/jobs', {
    title: 'Platform Engineer',
    company_name: 'Acme',
    description: 'Run the platform.',
    category: 'Engineering',
    location_id: lisbon.id,
    salary_min: 80000,
    salary_max: 110000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  // Three salaried jobs in one category: the salaries page shows a category from three on.
  await call('post', '/jobs', {
    title: 'Data Engineer',
    company_name: 'Acme',
    description: 'Build the pipelines.',
    category: 'Engineering',
    salary_min: 70000,
    salary_max: 90000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  // No place and not remote: listed, but with no JobPosting, which its edit page explains.
  const placeless = await call('post', '/jobs', {
    title: 'Product Designer',
    company_name: 'Acme',
    description: 'Design the product.',
    category: 'Engineering',
    salary_min: 60000,
    salary_max: 75000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  // The jobs above carry its name: they join it.
  const company = await call('post', '/companies', { name: 'Acme', website: 'https://acme.example' });
  const application = await call('post', `/jobs/${job.id}/applications`, {
    name: 'Ada Applicant',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    cover_letter: 'I keep systems running.\n\nAnd I write things down.',
    answers: { 'Years of experience': 7 },
  });
  const member = await call('post', '/members', {
    email: 'ada.lovelace@example.com',
    name: 'Ada Lovelace',
    role: 'candidate',
  });
  await call('post', '/members', { email: 'hr@acme.example', name: 'Acme HR', role: 'employer' });
  const author = await call('post', '/authors', { name: 'Grace Hopper' });
  const aboutPage = await call('post', '/pages', { title: 'About us', kind: 'page' });
  const post = await call('post', '/pages', {
    title: 'How we hire engineers',
    kind: 'blog_post',
    author_id: author.id,
    status: 'published',
  });
  const plan = await call('post', '/plans', {
    name: 'Job pack',
    kind: 'job_post',
    amount: 14950,
    currency: 'USD',
    jobs_included: 3,
  });
  await call('post', '/plans', {
    name: 'Featured post',
    kind: 'job_post',
    amount: 4900,
    currency: 'USD',
    jobs_included: 1,
    featured: true,
  });
  await call('post', '/plans', {
    name: 'Reader',
    kind: 'paywall',
    amount: 900,
    currency: 'USD',
    interval: 'month',
  });

  // The CMS answers { collection } and { item }, not { data }: plain requests.
  const cms = async (path: string, data: unknown, headers: Record<string, string> = { 'x-api-key': key }) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  await cms('/cms', {
    slug: 'events',
    name: 'Events',
    visibility: 'public',
    rules: { allow_public_submit: true, moderation: 'manual' },
    schema: [
      { name: 'title', type: 'text', required: true, max_length: 80 },
      { name: 'format', type: 'select', options: ['online', 'in-person'], default: 'online' },
      { name: 'seats', type: 'number', min: 1, max: 500, integer: true },
      { name: 'summary', type: 'longtext' },
    ],
  });
  const { item } = await cms('/cms/events', {
    data: { title: 'Harbor walk', seats: 30 },
    status: 'published',
  });
  const slug = base.split('/').pop()!;
  await cms(`/organization/cms/events/submit?organization=${slug}`, { data: { title: 'Night market' } }, {});

  await page.goto('/dashboard/media');
  await page
    .getByLabel('Upload images')
    .setInputFiles([{ name: 'office-view.png', mimeType: 'image/png', buffer: await PNG() }]);
  await expect(page.getByTestId('asset-tile').filter({ hasText: 'office-view' })).toBeVisible({
    timeout: 20_000,
  });

  // A visitor's job alert (waiting for confirmation, with its mail) and a reader's subscription.
  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  await board.goto(`${base}/alerts`);
  await board.getByLabel('Email', { exact: true }).fill('alerts-reader@example.com');
  await board.getByRole('button', { name: 'Create alert' }).click();
  await expect(board.getByText('Check your inbox.')).toBeVisible();
  await board.goto(`${base}/pricing`);
  await board.getByRole('button', { name: 'Subscribe to Reader' }).click();
  await signInOnBoard(board, `reader-${Date.now()}@example.com`, 'candidate');
  await expect(board).toHaveURL(new RegExp(`${base}/pricing`));
  await board.getByRole('button', { name: 'Subscribe to Reader' }).click();
  await board.getByRole('button', { name: 'Pay $9' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/account`));
  await visitor.close();

  return {
    job: job.id,
    application: application.id,
    placeless: placeless.id,
    company: company.id,
    page: aboutPage.id,
    post: post.id,
    member: member.id,
    plan: plan.id,
    webhook: webhook.id,
    jobSource: jobSource.id,
    collection: 'events',
    item: item.id,
  };
}
