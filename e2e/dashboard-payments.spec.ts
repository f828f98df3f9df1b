// A board owner starts selling: the Payments page's first steps, the Payments settings (refused
// without Stripe keys, then the local test checkout), a reader subscription bought on the board,
// and what the owner then sees: revenue, the payment, the subscription, filters and cancelling.
import { expect, test } from '@playwright/test';
import { createKey, expectAccessible, screenshot as shot, signInOnBoard, signUp } from './helpers';

test('a board owner sets up payments, sees a sale on the Payments page and cancels the subscription', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, { board: 'Paid Board' });

  // Nothing sold yet: the page says how to start, step by step.
  await page.getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const empty = page.getByTestId('payments-empty');
  await expect(empty.getByText('No payments yet')).toBeVisible();
  const steps = empty.getByTestId('selling-step');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toHaveAttribute('data-done', 'false');
  await expect(steps.nth(1)).toHaveAttribute('data-done', 'false');
  await expect(empty.getByRole('link', { name: 'Plans' })).toHaveAttribute('href', '/dashboard/plans');
  await expectAccessible(page);
  await shot(page, 'dashboard-payments-01-empty');

  // Stripe without secrets in the vault: the form points to Secrets and refuses to save.
  await empty.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/payments$/);
  const section = page.locator('#payments');
  await section.getByRole('radio', { name: /^Stripe/ }).check();
  const stripe = section.getByTestId('stripe-settings');
  await expect(stripe.getByText('Your vault has no secrets yet.')).toBeVisible();
  await expect(stripe.getByRole('link', { name: 'Secrets' })).toHaveAttribute('href', '/dashboard/secrets');
  await expect(stripe.getByTestId('payment-webhook-url')).toHaveText(
    /\/api\/organization\/payments\/webhook\?organization=[a-z0-9-]+$/,
  );
  await expect(stripe.getByRole('button', { name: 'Copy the webhook URL' })).toBeVisible();
  await section.getByRole('button', { name: 'Save payments' }).click();
  await expect(
    section.getByText('Stripe needs this: choose the secret that holds the Stripe secret key'),
  ).toBeVisible();
  await expect(section.getByLabel('Stripe secret key')).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByRole('alert')).toContainText(
    'Some fields need attention: see the messages on them.',
  );
  // The summary takes focus and links to the field it names.
  await expect(section.getByRole('alert')).toBeFocused();
  await expect(section.getByRole('alert').getByRole('link', { name: 'Stripe secret key' })).toBeVisible();
  await expect(section.getByRole('radio', { name: /^Stripe/ })).toBeChecked();
  await expectAccessible(page);
  // The Settings page is long: the Payments card is what this test looks at.
  await section.screenshot({
    path: 'test-results/screens/dashboard-payments-02-settings-stripe-refused.png',
  });

  // The local test checkout, with a paywall; a wrong gate is refused beside its field, kept as typed.
  await section.getByRole('radio', { name: /^Local test checkout/ }).check();
  await expect(section.getByTestId('stripe-settings')).toHaveCount(0);
  await section.getByLabel('Gate jobs after the newest').fill('-1');
  await section.getByLabel('Applying needs a subscription').check();
  await section.getByRole('button', { name: 'Save payments' }).click();
  await expect(section.getByText('Enter a whole number from 0 to 10,000')).toBeVisible();
  await expect(section.getByLabel('Gate jobs after the newest')).toHaveValue('-1');
  await expect(section.getByLabel('Applying needs a subscription')).toBeChecked();
  await section.getByLabel('Gate jobs after the newest').fill('5');
  await section.getByRole('button', { name: 'Save payments' }).click();
  await expect(section.getByRole('status')).toHaveText(/^Saved\. Your board takes test payments/);
  await section.screenshot({ path: 'test-results/screens/dashboard-payments-03-settings-saved.png' });
  await page.reload();
  await expect(section.getByRole('radio', { name: /^Local test checkout/ })).toBeChecked();
  await expect(section.getByLabel('Gate jobs after the newest')).toHaveValue('5');
  await expect(section.getByLabel('Applying needs a subscription')).toBeChecked();
  await expect(section.getByLabel('Members-only blog posts need a subscription')).not.toBeChecked();
  await expectAccessible(page);

  // A plan and a member through the API: the first two steps are done.
  const key = await createKey(page);
  const headers = { 'x-api-key': key };
  const plan = await page.request.post('/api/plans', {
    headers,
    data: { name: 'Reader', kind: 'paywall', amount: 900, interval: 'month' },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const email = `reader-${Date.now()}@example.com`;
  const member = await page.request.post('/api/members', { headers, data: { email, name: 'Robin Reader' } });
  expect(member.status(), await member.text()).toBe(201);
  const memberId = (await member.json()).data.id as string;
  await page.goto('/dashboard/payments');
  await expect(steps.nth(0)).toHaveAttribute('data-done', 'true');
  await expect(steps.nth(0)).toContainText('Members pay through the local test checkout.');
  await expect(steps.nth(1)).toHaveAttribute('data-done', 'true');
  await expect(steps.nth(1)).toContainText('1 plan is on sale.');
  await expect(steps.nth(2).getByRole('link', { name: 'pricing page' })).toHaveAttribute(
    'href',
    /^https?:\/\/.+\/pricing$/,
  );
  await expectAccessible(page);
  await shot(page, 'dashboard-payments-04-ready');

  // The member subscribes on the board: signed in by emailed code, through the test checkout.
  const slug = (await (await page.request.get('/api/organization', { headers })).json()).data.slug as string;
  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  await board.goto(`/b/${slug}/sign-in`);
  await signInOnBoard(board, email, 'candidate');
  await expect(board).toHaveURL(/\/account$/);
  await board.goto(`/b/${slug}/pricing`);
  await board.getByRole('button', { name: 'Subscribe to Reader' }).click();
  await board.getByRole('button', { name: 'Pay $9' }).click();
  await expect(board).toHaveURL(/\/account/);
  await visitor.close();

  // The owner sees the sale: revenue, the payment and the subscription.
  await page.goto('/dashboard/payments');
  await expect(page.getByTestId('payments-empty')).toHaveCount(0);
  await expect(page.getByTestId('revenue-total').filter({ hasText: 'This month' })).toContainText('$9');
  await expect(page.getByTestId('revenue-total').filter({ hasText: 'Last month' })).toContainText('$0');
  await expect(page.getByTestId('revenue-chart')).toHaveCount(1);
  await expect(page.getByTestId('revenue-bar')).toHaveCount(1);
  await page.getByText('Show the numbers as a table').click();
  const thisMonth = page.getByTestId('revenue-table').getByRole('row', { name: /\(so far\)/ });
  await expect(thisMonth.getByRole('cell')).toHaveText(['$9', '1']);
  const payment = page.getByTestId('payment-row');
  await expect(payment).toHaveCount(1);
  await expect(payment.getByRole('cell')).toHaveText([
    /\w{3} \d{1,2}, \d{4}/,
    email,
    'Reader',
    '$9',
    'Succeeded',
  ]);
  await expect(payment.getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `/dashboard/members/${memberId}`,
  );
  const subscription = page.getByTestId('subscription-row');
  await expect(subscription).toHaveCount(1);
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText('Reader');
  await expectAccessible(page);
  await shot(page, 'dashboard-payments-05-sale');

  // Filters: each list its own, in the address, with a way back.
  await page.getByRole('form', { name: 'Filter payments' }).getByLabel('Status').selectOption('failed');
  await page.getByRole('form', { name: 'Filter payments' }).getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\?status=failed/);
  await expect(page.getByText('No payments match these filters')).toBeVisible();
  await expect(page.getByTestId('subscription-row')).toHaveCount(1);
  await page
    .getByRole('form', { name: 'Filter subscriptions' })
    .getByLabel('Status')
    .selectOption('canceled');
  await page
    .getByRole('form', { name: 'Filter subscriptions' })
    .getByRole('button', { name: 'Filter' })
    .click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(page).toHaveURL(/subscription_status=canceled/);
  await expect(page.getByText('No subscriptions match this filter')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Show all payments' }).click();
  await expect(page).toHaveURL(/\?subscription_status=canceled$/);
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await page.getByRole('link', { name: 'Show all subscriptions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  await page.goto('/dashboard/payments?status=paid');
  await expect(
    page.getByRole('status').filter({ hasText: 'Some filters in the address could not be read' }),
  ).toContainText('status (Expected one of: pending, succeeded, failed, refunded)');
  await expect(page.getByTestId('payment-row')).toHaveCount(1);

  // Cancelling: at the end of the period first, then at once.
  await page.goto('/dashboard/payments');
  await subscription.getByRole('button', { name: `Cancel the subscription of ${email} on Reader` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await expect(dialog.getByRole('button', { name: 'At period end' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Now' })).toBeVisible();
  await expectAccessible(page);
  // The viewport, where the dialog is (a full-page shot stretches the page under its overlay).
  await page.screenshot({ path: 'test-results/screens/dashboard-payments-06-cancel-dialog.png' });
  await dialog.getByRole('button', { name: 'At period end' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscription.getByRole('cell').nth(4)).toHaveText(/\w{3} \d{1,2}, \d{4}/);
  await expect(subscription).toContainText('Active');
  await subscription.getByRole('button', { name: /^Cancel/ }).click();
  await expect(dialog.getByRole('button', { name: 'At period end' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Now' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscription).toContainText('Canceled');
  await expect(subscription.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await shot(page, 'dashboard-payments-07-canceled');
});
