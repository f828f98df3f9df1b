// The board's minimum-salary filter as a job seeker uses it: typed with the keyboard into the search
// form, kept in the address, the form, a landing page and the alert sign-up; a bad value explained.
import { expect, test } from '@playwright/test';
import { api, createKey, expectAccessible, mailTo, screenshot, signUp } from './helpers';

test('a seeker filters by minimum yearly salary, on the home page, a category and in an alert', async ({
  page,
  request,
}) => {
  await signUp(page, { board: 'Paid Jobs' });
  const key = await createKey(page);
  const jobs = [
    // 83,200 a year.
    {
      title: 'Night Nurse',
      salary_min: 40,
      salary_period: 'hourly',
      salary_currency: 'USD',
      category: 'Health',
    },
    // 36,000 to 54,000 a year.
    {
      title: 'Ward Clerk',
      salary_min: 3_000,
      salary_max: 4_500,
      salary_period: 'monthly',
      salary_currency: 'USD',
      category: 'Health',
    },
    { title: 'Platform Engineer', salary_min: 70_000, salary_period: 'yearly', salary_currency: 'USD' },
    { title: 'Lisbon Engineer', salary_min: 90_000, salary_period: 'yearly', salary_currency: 'EUR' },
    { title: 'Volunteer Guide', category: 'Health' },
  ];
  for (const job of jobs) {
    await api(request, key, 'post', '/jobs', { company_name: 'Acme', description: 'Good work.', ...job });
  }
  const organization = (
    await (await request.get('/api/organization', { headers: { 'x-api-key': key } })).json()
  ).data;
  const base = `/b/${organization.slug}`;
  const results = page.locator('section[aria-labelledby="results-heading"] h3');

  await page.goto(base);
  const salary = page.getByRole('spinbutton', { name: 'Min. yearly salary (USD)' });
  await expect(salary).toHaveAccessibleDescription(
    'Hourly and monthly pay counted by the year. Jobs without a salary are left out.',
  );
  // Reached from the filter before it with the keyboard, and typed into.
  await page.getByLabel('Posted', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(salary).toBeFocused();
  await page.keyboard.type('60000');
  await screenshot(page, 'salary-filter-01-typed', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]salary_min=60000$/);
  await expect(page.getByRole('heading', { name: '2 jobs match' })).toBeVisible();
  await expect(results).toHaveText(['Platform Engineer', 'Night Nurse']);
  await expect(salary).toHaveValue('60000');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectAccessible(page);
  await screenshot(page, 'salary-filter-02-results');

  // A value the board cannot use is explained, and every job is shown.
  await page.goto(`${base}?salary_min=lots`);
  await expect(page.getByRole('alert').filter({ hasText: 'lots' })).toHaveText(
    '“lots” is not a yearly salary in whole numbers; showing jobs of any salary.',
  );
  await expect(page.getByRole('heading', { name: '5 jobs' })).toBeVisible();
  await expect(salary).toHaveValue('');
  await expectAccessible(page);
  await screenshot(page, 'salary-filter-03-bad-value', { fullPage: false });

  // A landing page keeps the filter, canonical to itself.
  await page.goto(`${base}/categories/health?salary_min=50000`);
  await expect(results).toHaveText(['Ward Clerk', 'Night Nurse']);
  await expect(salary).toHaveValue('50000');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/categories\/health$/);
  await expectAccessible(page);

  // The alert sign-up keeps the search's minimum, and the mail says it.
  await page.getByRole('link', { name: 'Email me new jobs like these' }).click();
  await expect(page).toHaveURL(/\/alerts\?category=health&salary_min=50000$/);
  const alertSalary = page.getByRole('spinbutton', { name: 'Min. yearly salary (USD)' });
  await expect(alertSalary).toHaveValue('50000');
  await expectAccessible(page);
  await screenshot(page, 'salary-filter-04-alert-form');
  await alertSalary.fill('-3');
  const email = `seeker-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.locator('#alert-form-error')).toHaveText(
    'Minimum salary a year: Enter a whole number, such as 60000.',
  );
  await expect(alertSalary).toHaveAttribute('aria-invalid', 'true');
  await expect(alertSalary).toHaveValue('-3');
  await expectAccessible(page);
  await screenshot(page, 'salary-filter-05-alert-error', { fullPage: false });
  await alertSalary.fill('50000');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByText('Check your inbox.')).toBeVisible();
  const mail = await mailTo(email);
  expect(mail.text).toContain('paying 50,000 a year or more');
});
