import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, screenshot as shot, signUp } from './helpers';

interface JobInput {
  title: string;
  company?: string;
  description?: string;
  location?: string;
  jobType?: string;
  remote?: boolean;
  salaryMin?: string;
  salaryMax?: string;
  currency?: string;
  period?: string;
  category?: string;
  additional?: string;
  status?: 'active' | 'pending' | 'draft';
}

async function fillJobForm(page: Page, job: JobInput) {
  await page.getByLabel('Title').fill(job.title);
  await page.getByLabel('Company name').fill(job.company ?? 'Acme');
  await page.getByLabel('Description').fill(job.description ?? `We are hiring a ${job.title}.`);
  if (job.location) await page.getByLabel('Location').fill(job.location);
  if (job.jobType) await page.getByLabel('Job type').selectOption(job.jobType);
  if (job.remote) await page.getByLabel('Workplace').selectOption('remote');
  if (job.salaryMin) await page.getByLabel('Salary minimum').fill(job.salaryMin);
  if (job.salaryMax) await page.getByLabel('Salary maximum').fill(job.salaryMax);
  if (job.currency) await page.getByLabel('Currency').fill(job.currency);
  if (job.period) await page.getByLabel('Period').selectOption(job.period);
  if (job.category) await page.getByLabel('Main category').fill(job.category);
  if (job.additional) await page.getByLabel('Additional categories').fill(job.additional);
  if (job.status) await page.getByLabel('Status', { exact: true }).selectOption(job.status);
}

async function createJob(page: Page, job: JobInput) {
  await page.goto('/dashboard/jobs/new');
  await fillJobForm(page, job);
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);
  await expect(jobRow(page, job.title)).toBeVisible();
}

const jobRow = (page: Page, title: string) => page.getByTestId('job-row').filter({ hasText: title });

test('a board owner creates, finds, approves, expires, edits and deletes jobs', async ({ page }) => {
  await signUp(page, { board: 'Jobs Board' });
  await page.getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByText('No jobs yet')).toBeVisible();
  await shot(page, 'jobs-01-empty');

  await page.getByRole('link', { name: 'New job' }).click();
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible();
  await shot(page, 'jobs-02-new-form');
  await fillJobForm(page, {
    title: 'Senior Backend Engineer',
    company: 'Acme Robotics',
    location: 'Berlin',
    jobType: 'full-time',
    remote: true,
    salaryMin: '90000',
    salaryMax: '70000',
    currency: 'eur',
    period: 'yearly',
    category: 'Engineering',
    additional: 'Backend, Go',
  });
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('The maximum must be at least the minimum')).toBeVisible();
  await expect(page.getByLabel('Salary maximum')).toHaveAttribute('aria-invalid', 'true');
  // The form keeps what was typed, selects included.
  await expect(page.getByLabel('Title')).toHaveValue('Senior Backend Engineer');
  await expect(page.getByLabel('Job type')).toHaveValue('full-time');
  await expect(page.getByLabel('Period')).toHaveValue('yearly');
  await expect(page.getByLabel('Workplace')).toHaveValue('remote');
  await shot(page, 'jobs-03-form-error');
  await page.getByLabel('Salary maximum').fill('110000');
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);
  await expect(jobRow(page, 'Senior Backend Engineer')).toContainText('Active');
  await expect(jobRow(page, 'Senior Backend Engineer')).toContainText('Engineering');

  await createJob(page, { title: 'Product Designer', company: 'Studio Nine', status: 'pending' });
  await createJob(page, { title: 'Data Analyst', company: 'Numbers Ltd', jobType: 'contract' });
  await expect(jobRow(page, 'Product Designer')).toContainText('Pending');
  await expect(page.getByTestId('job-row')).toHaveCount(3);
  await expect(page.getByText('3 jobs · page 1 of 1')).toBeVisible();
  await shot(page, 'jobs-04-list');

  // Typed before the page's scripts have run: still there once they have, and sent.
  const chunks = '**/_next/static/chunks/**';
  await page.route(chunks, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/dashboard/jobs', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Search jobs').fill('designer');
  await page.unroute(chunks);
  // Hydrated (React keeps its props on the node), and its effects run: the value must still be there.
  const search = page.getByLabel('Search jobs');
  await expect
    .poll(() => search.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  await page.waitForTimeout(500);
  await expect(search).toHaveValue('designer');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs\?search=designer$/);
  await expect(page.getByTestId('job-row')).toHaveCount(1);
  await expect(jobRow(page, 'Product Designer')).toBeVisible();
  await shot(page, 'jobs-05-search');
  await page.getByRole('link', { name: 'Clear', exact: true }).click();
  await expect(page.getByTestId('job-row')).toHaveCount(3);
  await expect(page.getByLabel('Search jobs')).toHaveValue('');

  await page.getByLabel('Job type').selectOption('contract');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('job-row')).toHaveCount(1);
  await expect(jobRow(page, 'Data Analyst')).toBeVisible();

  await page.goto('/dashboard/jobs?per_page=2');
  await expect(page.getByText('3 jobs · page 1 of 2')).toBeVisible();
  await expect(page.getByTestId('job-row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('3 jobs · page 2 of 2')).toBeVisible();
  await expect(page.getByTestId('job-row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page.getByText('3 jobs · page 1 of 2')).toBeVisible();

  await page.goto('/dashboard/jobs?status=bogus');
  await expect(page.getByRole('status').filter({ hasText: 'could not be read' })).toBeVisible();
  await expect(page.getByTestId('job-row')).toHaveCount(3);
  await shot(page, 'jobs-06-bad-filter');

  // Several at once: approve acts on the pending job and says, by title, why the live one was left.
  await page.getByLabel('Select Product Designer').check();
  await page.getByLabel('Select Senior Backend Engineer').check();
  await expect(page.getByTestId('jobs-bulk-count')).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByTestId('jobs-bulk-status')).toHaveText(
    'Approved 1 job: “Product Designer”. Not approved: “Senior Backend Engineer” is not waiting for approval.',
  );
  await expect(page.getByTestId('jobs-bulk-status')).toBeFocused();
  await expect(jobRow(page, 'Product Designer')).toContainText('Active');
  // What was refused stays selected.
  await expect(page.getByTestId('jobs-bulk-count')).toHaveText('1 selected');
  await expectAccessible(page);
  await shot(page, 'jobs-06b-bulk-approved');
  // Part of the page selected: the header's box is mixed; it selects the whole page, then none.
  await expect(page.getByLabel('Select all jobs on this page')).toHaveJSProperty('indeterminate', true);
  await page.getByLabel('Select all jobs on this page').check();
  await expect(page.getByTestId('jobs-bulk-count')).toHaveText('3 selected');
  await page.getByLabel('Select all jobs on this page').uncheck();
  await expect(page.getByRole('button', { name: 'Expire selected' })).toBeDisabled();
  await jobRow(page, 'Data Analyst').getByRole('button', { name: 'Expire' }).click();
  await expect(jobRow(page, 'Data Analyst')).toContainText('Expired');

  await page.goto('/dashboard/jobs?status=expired');
  await expect(page.getByTestId('job-row')).toHaveCount(1);
  await expect(page.getByLabel('Status')).toHaveValue('expired');

  await page.goto('/dashboard/jobs');
  await jobRow(page, 'Data Analyst').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('removed for good');
  await shot(page, 'jobs-07-delete-confirm');
  await page.getByRole('button', { name: 'Delete job' }).click();
  await expect(jobRow(page, 'Data Analyst')).toHaveCount(0);
  await expect(page.getByTestId('job-row')).toHaveCount(2);

  await jobRow(page, 'Senior Backend Engineer').getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Senior Backend Engineer' })).toBeVisible();
  await expect(page.getByLabel('Additional categories')).toHaveValue('Backend, Go');
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await page.getByLabel('Salary minimum').fill('200000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The maximum must be at least the minimum')).toBeVisible();
  await page.getByLabel('Salary minimum').fill('95000');
  await page.getByLabel('Location').fill('Berlin or Hamburg');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  // The saved form remounts: focus lands on the message that says so, not on the page's body.
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeFocused();
  await expect(page.getByLabel('Location')).toHaveValue('Berlin or Hamburg');
  await shot(page, 'jobs-08-edit');

  // Duplicate: the new job's form opens with the job's values, to change what differs.
  await page.getByRole('link', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible();
  await expect(page.getByText('A copy of “Senior Backend Engineer” at Acme Robotics')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Senior Backend Engineer');
  await expect(page.getByLabel('Location')).toHaveValue('Berlin or Hamburg');
  await expect(page.getByLabel('Salary minimum')).toHaveValue('95000');
  await expect(page.getByLabel('Additional categories')).toHaveValue('Backend, Go');
  await expectAccessible(page);
  await shot(page, 'jobs-09-duplicate');
  await page.getByLabel('Location').fill('Munich');
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);
  await expect(jobRow(page, 'Senior Backend Engineer')).toHaveCount(2);
  await expect(page.getByTestId('job-row')).toHaveCount(3);

  // Both deleted at once, after a confirmation; focus then lands on what was done.
  for (const row of await jobRow(page, 'Senior Backend Engineer').all())
    await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete 2 jobs?');
  await page.getByRole('button', { name: 'Delete 2 jobs' }).click();
  await expect(page.getByTestId('jobs-bulk-status')).toHaveText(
    'Deleted 2 jobs: “Senior Backend Engineer” and “Senior Backend Engineer”.',
  );
  await expect(page.getByTestId('jobs-bulk-status')).toBeFocused();
  await expect(page.getByTestId('job-row')).toHaveCount(1);
});

test('a board owner adds categories, nests and un-nests them', async ({ page }) => {
  await signUp(page, { board: 'Category Board' });
  await page.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByText('No categories yet')).toBeVisible();
  await shot(page, 'categories-01-empty');

  const names = page.getByTestId('category-name');
  const add = async (name: string, parent?: string) => {
    await page.getByLabel('Name').fill(name);
    if (parent) await page.getByLabel('Nested under').selectOption({ label: parent });
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(`Added “${name}”.`)).toBeVisible();
  };
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Category name is required')).toBeVisible();
  await add('Engineering');
  await add('Design');
  await add('Backend', 'Engineering');
  await add('Frontend', 'Engineering');
  await expect(names).toHaveText(['Design', 'Engineering', 'Backend', 'Frontend']);
  await shot(page, 'categories-02-nested');

  const row = (name: string) =>
    page
      .getByTestId('category-row')
      .filter({ has: page.getByTestId('category-name').getByText(name, { exact: true }) });
  await row('Backend').getByLabel('Parent of Backend').selectOption({ label: 'None (main category)' });
  await row('Backend').getByRole('button', { name: 'Move' }).click();
  await expect(names).toHaveText(['Backend', 'Design', 'Engineering', 'Frontend']);

  await row('Backend').getByLabel('Parent of Backend').selectOption({ label: 'Under Design' });
  await row('Backend').getByRole('button', { name: 'Move' }).click();
  await expect(names).toHaveText(['Design', 'Backend', 'Engineering', 'Frontend']);

  // One level only: a category with sub-categories cannot itself be nested.
  await row('Engineering').getByLabel('Parent of Engineering').selectOption({ label: 'Under Design' });
  await row('Engineering').getByRole('button', { name: 'Move' }).click();
  await expect(row('Engineering').getByRole('alert')).toContainText('has sub-categories');
  await shot(page, 'categories-03-nesting-error');
});

test('applications move through the pipeline; salary statistics chart the live jobs', async ({
  page,
  request,
}) => {
  await signUp(page, { board: 'Pay Board' });
  await page.getByRole('link', { name: 'Salaries' }).click();
  await expect(page.getByText('No salary data yet')).toBeVisible();
  await shot(page, 'salaries-01-empty');

  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('Applicant tracking');
  await page.getByRole('button', { name: 'Create key' }).click();
  const apiKey = (await page.getByTestId('new-api-key').textContent())!.trim();
  await page.getByRole('button', { name: 'Done' }).click();

  const salaried = [
    { title: 'Platform Engineer', salaryMin: '60000', salaryMax: '80000', location: 'Berlin' },
    { title: 'Site Reliability Engineer', salaryMin: '70000', salaryMax: '95000', location: 'Berlin' },
    { title: 'Staff Engineer', salaryMin: '110000', salaryMax: '140000', location: 'Berlin' },
    { title: 'Mobile Engineer', salaryMin: '65000', salaryMax: '85000', location: 'Munich' },
  ];
  for (const job of salaried) {
    await createJob(page, {
      ...job,
      currency: 'EUR',
      period: 'yearly',
      jobType: 'full-time',
      category: 'Engineering',
    });
  }
  for (const title of ['Brand Designer', 'UX Researcher', 'Illustrator']) {
    await createJob(page, {
      title,
      salaryMin: '50000',
      salaryMax: '62000',
      currency: 'EUR',
      jobType: 'part-time',
      location: 'Munich',
      category: 'Design',
    });
  }
  await createJob(page, {
    title: 'Office Manager',
    salaryMin: '3000',
    salaryMax: '3500',
    currency: 'GBP',
    period: 'monthly',
  });

  await jobRow(page, 'Platform Engineer').getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs\/[0-9a-f-]{36}$/);
  const jobId = page.url().split('/').at(-1)!;
  await expect(page.getByTestId('applicants-summary')).toContainText('No applications yet.');

  for (const [name, email] of [
    ['Ada Lovelace', 'ada@example.com'],
    ['Grace Hopper', 'grace@example.com'],
  ]) {
    const created = await request.post(`/api/jobs/${jobId}/applications`, {
      headers: { 'x-api-key': apiKey },
      data: { name, email },
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  await expect(page.getByTestId('applicants-summary')).toContainText('2 applications: 2 pending.');
  await page.getByRole('link', { name: 'Applicants (2)' }).click();
  const column = (status: string) => page.getByTestId(`column-${status}`).getByTestId('applicant-card');
  await expect(column('pending')).toHaveCount(2);
  await expect(column('pending').first()).toContainText('Grace Hopper');
  const adaStatus = page.getByLabel('New status for Ada Lovelace');
  await adaStatus.selectOption('shortlisted');
  await page.getByRole('button', { name: 'Move Ada Lovelace to shortlisted' }).click();
  await expect(column('shortlisted')).toContainText('Ada Lovelace');
  // From shortlisted only hired or rejected remain.
  await expect(adaStatus.locator('option')).toHaveText(['Hired', 'Rejected']);
  await adaStatus.selectOption('hired');
  await page.getByRole('button', { name: 'Move Ada Lovelace to hired' }).click();
  await expect(column('hired')).toContainText('Ada Lovelace');
  await expect(column('hired')).toContainText('Final');
  await shot(page, 'jobs-09-applications');

  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(jobRow(page, 'Platform Engineer')).toContainText('2');

  await page.getByRole('link', { name: 'Salaries' }).click();
  const chart = page.getByTestId('salary-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('salary-bar')).toHaveCount(2);
  await expect(chart.getByTestId('salary-bar').first()).toContainText('Engineering');
  const stat = (label: string) =>
    page.getByTestId('salary-stat').filter({ has: page.getByText(label, { exact: true }) });
  await expect(stat('Currency')).toContainText('EUR');
  await expect(stat('Salaried jobs')).toContainText('7');
  await expect(stat('Left out')).toContainText('1 in another currency · 0 implausible');
  await expect(page.getByTestId('salaries-by-job-type')).toContainText('Full-time');
  await expect(page.getByTestId('salaries-by-location')).toContainText('Berlin');
  await shot(page, 'salaries-02-chart');
});
