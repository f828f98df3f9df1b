import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { type ParsedMail, simpleParser } from 'mailparser';

/** The dev mailbox the e2e server writes to (MAIL_DIR in playwright.config.ts). */
const MAILBOX = '.data/e2e/mail';

/**
 * Full-page screenshot under test-results/screens/, for looking at what a board owner sees; the
 * first screen only (`fullPage: false`) for pages as long as the whole API reference, whose full
 * capture outlasts a test's timeout on a busy machine.
 */
export const screenshot = (page: Page, name: string, { fullPage = true } = {}) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });

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

/** The best-practice rules the gate adds to WCAG 2.1 A and AA (issue 22). */
const BEST_PRACTICE_RULES = ['landmark-unique', 'region', 'heading-order'];
/** Every rule of the gate by name: axe runs a rule list or a tag list, not both. */
const GATE_RULES = [
  ...axe
    .getRules(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .filter((rule) => !rule.tags.some((tag) => tag === 'experimental' || tag === 'deprecated'))
    .map((rule) => rule.ruleId),
  ...BEST_PRACTICE_RULES,
];

/** No WCAG 2.1 A or AA violation, nor of the best-practice rules above, on the page as it is now. */
export async function expectAccessible(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
): Promise<void> {
  // React re-inserts the hoisted <title> after a server action's answer; check once it is back.
  await expect(page).toHaveTitle(/\S/);
  // Runs in the page (legacy mode), where the default opens a blank page per check to finish the
  // run, and collects only violations: together about half of the gate's time.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({
    runOnly: { type: 'rule', values: GATE_RULES },
    resultTypes: ['violations'],
  });
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
    `on ${page.url()}`,
  ).toEqual([]);
  // axe retired its duplicate-id rule, but a label or aria reference to a repeated id names the wrong
  // element. The excluded parts (third-party markup) are left out here too.
  const duplicateIds = await page.evaluate((excluded) => {
    const ids = [...document.querySelectorAll('[id]')]
      .filter((element) => element.id && !excluded.some((selector) => element.closest(selector)))
      .map((element) => element.id);
    const seen = new Set<string>();
    return [...new Set(ids.filter((id) => seen.has(id) || !seen.add(id)))];
  }, exclude);
  expect(duplicateIds, `repeated ids on ${page.url()}`).toEqual([]);
}

/** A new API key from the dashboard's API keys page. */
export async function createKey(page: Page): Promise<string> {
  await page.goto('/dashboard/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('Board seed');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  await page.getByRole('button', { name: 'Done' }).click();
  return key;
}

/** The newest message to `to` in the dev mailbox that `accept` takes, waiting up to `timeout` ms. */
export async function mailTo(
  to: string,
  accept: (mail: ParsedMail) => boolean = () => true,
  timeout = 15_000,
): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(MAILBOX).catch(() => [] as string[]))
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse();
        for (const name of names) {
          const mail = await simpleParser(await readFile(path.join(MAILBOX, name)));
          if (mail.to && !Array.isArray(mail.to) && mail.to.text === to && accept(mail)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

/** A management API call with a key; fails the test unless it answers 2xx. Answers `data`. */
export async function api(
  request: APIRequestContext,
  key: string,
  method: 'post' | 'put' | 'patch',
  path: string,
  data: unknown,
) {
  const response = await request[method](`/api${path}`, { headers: { 'x-api-key': key }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data;
}

/** On the board's sign-in page: the emailed code signs the address in (a new one as `role`). */
/**
 * The newest sign-in mail to `to`, other than the ones whose tokens are in `used`: its code and its
 * link's token. The outbox sends a new mail moments after the request, so until then the newest one
 * on disk is the previous one.
 */
export async function signInMail(to: string, used: string[] = []): Promise<{ code: string; token: string }> {
  const token = (mail: ParsedMail) => /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? '';
  const mail = await mailTo(
    to,
    (candidate) => /sign-in code/.test(candidate.subject ?? '') && !used.includes(token(candidate)),
  );
  return { code: /\b(\d{6})\b/.exec(mail.text ?? '')![1]!, token: token(mail) };
}

export async function signInOnBoard(board: Page, email: string, role: 'employer' | 'candidate') {
  await expect(board.getByRole('heading', { level: 1, name: /^Sign in to/ })).toBeVisible();
  await board.getByLabel('Email').fill(email);
  await board.getByRole('radio', { name: role === 'employer' ? 'hiring' : 'looking for a job' }).check();
  await board.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(board.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await board.getByLabel('Code').fill((await signInMail(email)).code);
  await board.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A board that sells: the local payment provider, employers who post without approval, a featured
 * job post plan (4,900 USD cents) and, with `readerPass`, a monthly paywall plan (900).
 */
export async function sellOnBoard(request: APIRequestContext, key: string, { readerPass = false } = {}) {
  await api(request, key, 'put', '/organization/payments', { provider: 'local' });
  await api(request, key, 'patch', '/organization', { members: { employers_need_approval: false } });
  await api(request, key, 'post', '/plans', {
    name: 'Featured post',
    kind: 'job_post',
    amount: 4900,
    currency: 'USD',
    jobs_included: 1,
    featured: true,
  });
  if (readerPass) {
    await api(request, key, 'post', '/plans', {
      name: 'Reader pass',
      kind: 'paywall',
      amount: 900,
      currency: 'USD',
      interval: 'month',
    });
  }
}
