import { expect, type Page } from '@playwright/test';

/** Full-page screenshot under test-results/screens/, for looking at what a board owner sees. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

export interface Account {
  board: string;
  name?: string;
  /** Default: a fresh address, so every test gets its own user. */
  email?: string;
  password?: string;
}

/** Signs a new owner up through the form and waits for the dashboard; optionally shoots the form. */
export async function signUp(page: Page, account: Account, screenshotName?: string): Promise<void> {
  // Sign-ups are limited per client address (10 an hour): each test comes from an address of its own.
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${octet()}.${octet()}` });
  await page.goto('/sign-up');
  if (screenshotName) await screenshot(page, screenshotName);
  await page.getByLabel('Your name').fill(account.name ?? 'Olivia Owner');
  await page
    .getByLabel('Work email')
    .fill(account.email ?? `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  await page.getByLabel('Password').fill(account.password ?? 'correct horse battery');
  await page.getByLabel('Job board name').fill(account.board);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
