// A board owner imports jobs from a Lever board (a fixture served on loopback by the spec): adds the
// source, is told what is wrong with the form, presses Sync now, follows the run until its counts
// are in, finds the jobs in the Jobs list, then deletes the source and keeps the jobs.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot as shot, signUp } from './helpers';

const lever = readFileSync(
  path.resolve(import.meta.dirname, '../test/fixtures/job-sources/lever/example-docs.json'),
  'utf8',
);
const titles = ['Senior Account Executive', 'Support Engineer'];

let server: Server;
let boardUrl: string;
let requests = 0;
/** The board answers once this resolves, so the run stays in progress while the page is checked. */
let release: () => void;
let released: Promise<void>;

test.beforeAll(async () => {
  released = new Promise((resolve) => {
    release = resolve;
  });
  server = createServer(async (request, response) => {
    requests++;
    if (request.url !== '/v0/postings/leverdemo?mode=json') return response.writeHead(404).end();
    await released;
    response.writeHead(200, { 'content-type': 'application/json' }).end(lever);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  boardUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v0/postings/leverdemo?mode=json`;
});

test.afterAll(() => {
  release();
  server.closeAllConnections();
  server.close();
});

test('a board owner adds a Lever board, syncs it now, sees its jobs, and deletes it keeping them', async ({
  page,
}) => {
  await signUp(page, { board: 'Sources Board' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Job sources' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Job sources' })).toBeVisible();
  await expect(page.getByText('No job sources yet')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'job-sources-01-empty');

  // Refused: each problem on its input, and what was typed stays.
  await page.getByLabel('Kind').selectOption('lever');
  await page.getByLabel('Company name (optional)').fill('Leverdemo');
  await page.getByLabel('Sync every (minutes)').fill('hourly');
  await page.getByRole('button', { name: 'Add source' }).click();
  await expect(page.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Enter the address of the board’s public jobs endpoint or feed.'),
  ).toBeVisible();
  await expect(page.getByText('Enter a whole number of minutes, such as 60.')).toBeVisible();
  await expect(page.getByLabel('Company name (optional)')).toHaveValue('Leverdemo');
  await expect(page.getByLabel('Kind')).toHaveValue('lever');
  await expectAccessible(page);
  await shot(page, 'job-sources-02-errors');

  // Off schedule, so the one run is the one Sync now starts.
  await page.getByLabel('URL').fill(boardUrl);
  await page.getByLabel('Sync every (minutes)').fill('30');
  await page.getByLabel('Sync on schedule').uncheck();
  await page.getByRole('button', { name: 'Add source' }).click();
  await expect(
    page.getByText('Added Leverdemo. It syncs only when you press Sync now, until you enable it.'),
  ).toBeVisible();
  const row = page.getByTestId('source-row').filter({ hasText: 'Leverdemo' });
  await expect(row).toContainText('Lever');
  await expect(row).toContainText('Schedule off');
  await expect(row.getByTestId('source-url')).toHaveText(/^127\.0\.0\.1:\d+\/v0\/postings\/leverdemo$/);
  await expect(row).toContainText('Never synced');
  await expect(row.getByTestId('source-jobs')).toHaveText('No jobs yet');
  await expectAccessible(page);
  await shot(page, 'job-sources-03-listed');

  // Running: the button says so and is disabled; the status line says how far the run is.
  const sync = row.getByRole('button', { name: 'Sync now (Leverdemo)' });
  await sync.focus();
  await page.keyboard.press('Enter');
  const syncing = row.getByRole('button', { name: 'Syncing… (Leverdemo)' });
  await expect(syncing).toBeDisabled();
  // Still focused: a keyboard user stays beside the status that is read out.
  await expect(syncing).toBeFocused();
  await expect(row.getByRole('status')).toHaveText('Sync in progress: fetching the source…');
  await expect(row).toContainText('In progress');
  await expect.poll(() => requests).toBe(1);
  await expectAccessible(page);
  await shot(page, 'job-sources-04-running');

  release();
  await expect(row.getByRole('status')).toHaveText(
    'Sync finished: 2 created, 0 updated, 0 expired, 0 failed.',
    {
      timeout: 15_000,
    },
  );
  await expect(row.getByTestId('run-counts')).toHaveText('2 created, 0 updated, 0 expired, 0 failed');
  await expect(row.getByTestId('source-jobs')).toHaveText('2 jobs');
  await expect(row).toContainText('Succeeded');
  await expect(row.getByRole('button', { name: 'Sync now (Leverdemo)' })).toBeEnabled();
  await expect(row.getByRole('button', { name: 'Sync now (Leverdemo)' })).toBeFocused();
  await expectAccessible(page);
  await shot(page, 'job-sources-05-finished');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Jobs', exact: true })
    .click();
  for (const title of titles) await expect(page.getByRole('link', { name: title })).toBeVisible();
  await shot(page, 'job-sources-06-jobs');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Job sources' }).click();
  await row.getByRole('link', { name: 'Edit Leverdemo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leverdemo' })).toBeVisible();
  await expect(page.getByLabel('URL')).toHaveValue(boardUrl);
  await expect(page.getByLabel('Sync on schedule')).not.toBeChecked();
  await expectAccessible(page);
  await shot(page, 'job-sources-07-editor');

  await page.getByRole('button', { name: 'Delete Leverdemo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the source “Leverdemo”?' });
  await expect(dialog).toContainText('Its 2 jobs stay on the board as they are, no longer synced');
  await expectAccessible(page);
  await shot(page, 'job-sources-08-delete');
  await dialog.getByRole('button', { name: 'Delete source' }).click();
  await expect(page).toHaveURL(/\/dashboard\/job-sources$/);
  await expect(page.getByText('No job sources yet')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Jobs', exact: true })
    .click();
  for (const title of titles) await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('a sync that fails says why in plain words and changes nothing', async ({ page }) => {
  await signUp(page, { board: 'Failing Source Board' });
  await page.goto('/dashboard/job-sources');
  await page.getByLabel('Kind').selectOption('xml');
  await page.getByLabel('URL').fill(new URL('/feeds/gone.xml', boardUrl).toString());
  await page.getByLabel('Sync on schedule').uncheck();
  await page.getByRole('button', { name: 'Add source' }).click();
  const row = page.getByTestId('source-row').filter({ hasText: '127.0.0.1' });
  await row.getByRole('button', { name: 'Sync now (127.0.0.1)' }).click();
  await expect(row.getByRole('status')).toHaveText(
    'Sync failed: The source answered with HTTP status 404: nothing is at this address; check the URL.',
    { timeout: 15_000 },
  );
  await expect(row.getByTestId('run-error')).toHaveText(
    'The source answered with HTTP status 404: nothing is at this address; check the URL. No job was changed.',
  );
  await expect(row).toContainText('Failed');
  await expect(row.getByTestId('source-jobs')).toHaveText('No jobs yet');
  await expectAccessible(page);
  await shot(page, 'job-sources-09-failed');
});
