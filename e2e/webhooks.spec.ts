import { expect, test } from '@playwright/test';
import { screenshot as shot, signUp } from './helpers';

const target = 'https://hooks.example.com/boardkit';

test('a board owner adds a webhook, sends a test event, reads the delivery log, disables, enables and deletes it', async ({
  page,
  context,
}) => {
  await signUp(page, { board: 'Hooked Careers' });
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
  await expect(page.getByText('No webhooks yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByText('Enter the https URL that should receive the events.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one event, or All events.')).toBeVisible();

  // Refused whatever the server allows (the e2e server lets loopback and http targets through for
  // the job sources spec).
  await dialog.getByLabel('Endpoint URL').fill('ftp://hooks.example.com/boardkit');
  await dialog.getByRole('checkbox', { name: /job\.created/ }).check();
  await dialog.getByRole('checkbox', { name: /application\.created/ }).check();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(
    dialog.getByText('This URL cannot receive webhooks: the URL must use https: (got ftp:)'),
  ).toBeVisible();
  // The URL and the ticked events come back to be corrected.
  await expect(dialog.getByRole('checkbox', { name: /job\.created/ })).toBeChecked();
  await shot(page, 'webhooks-create-error');

  await dialog.getByLabel('Endpoint URL').fill(target);
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  const shown = dialog.getByTestId('webhook-secret');
  await expect(shown).toBeVisible();
  const secret = (await shown.textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await expect(dialog).toContainText('How to verify a delivery');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByRole('button', { name: 'Copy secret' }).click();
  await expect(dialog.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shot(page, 'webhooks-created');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByTestId('webhook-row').filter({ hasText: target });
  await expect(row).toContainText('Enabled');
  await expect(row).toContainText('application.created');
  await expect(row).toContainText('job.created');
  // Shown once: not in the list, not after a reload.
  await page.reload();
  expect(await page.content()).not.toContain(secret);
  await shot(page, 'webhooks-list');

  await row.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(dialog).toContainText('keeps signing beside it for 24 hours');
  await dialog.getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = (await dialog.getByTestId('webhook-secret').textContent())!.trim();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await expect(dialog).toContainText('signed with both the new and the old secret');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Send test event' }).click();
  await expect(row.getByText('Test event queued.')).toBeVisible();
  await row.getByRole('link', { name: 'Open the delivery log' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();

  // DNS for example.com does not resolve here: the worker records a failed attempt and retries.
  const delivery = page.getByTestId('delivery-row').filter({ hasText: 'webhook.test' });
  await expect(delivery).toHaveCount(1);
  await expect(delivery.getByText(/dns_error|network_error|timeout/)).toBeVisible({ timeout: 20_000 });
  await expect(delivery).toContainText('Pending');
  await delivery.getByRole('link', { name: 'Attempts' }).click();
  const attempts = page.getByTestId('attempt-log');
  await expect(attempts.getByTestId('attempt').first()).toContainText('Attempt 1');
  await expect(attempts).toContainText(/did not resolve|Could not connect|No answer within/);
  await shot(page, 'webhooks-delivery-log');

  const tried = await attempts.getByTestId('attempt').count();
  await attempts.getByRole('button', { name: 'Retry now' }).click();
  await expect(attempts.getByTestId('attempt')).toHaveCount(tried + 1, { timeout: 20_000 });

  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send test event' })).toBeDisabled();
  await attempts.getByRole('button', { name: 'Retry now' }).click();
  await expect(attempts.getByText('enable it before retrying deliveries')).toBeVisible();
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send test event' })).toBeEnabled();

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toContainText('its delivery log is deleted with it');
  await dialog.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
  await expect(page.getByText('No webhooks yet')).toBeVisible();
});
