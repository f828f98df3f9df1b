import { expect, type Page, test } from '@playwright/test';
import { signUp } from './helpers';

/** Every CSP violation the page reports, so a page the policy breaks fails the test. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
}

test('every page carries the security headers, and works under its CSP', async ({ page }) => {
  const violations = cspViolations(page);
  for (const path of ['/sign-in', '/sign-up', '/docs', '/docs/errors', '/no-such-page']) {
    const response = await page.goto(path);
    expectSecurityHeaders(response!.headers());
  }
  await expect(page.locator('body')).toBeVisible();

  await signUp(page, { board: 'Header Check' });
  for (const path of ['/dashboard', '/dashboard/jobs', '/dashboard/pages', '/dashboard/settings']) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(200);
    expectSecurityHeaders(response!.headers());
  }
  await page.goto('/dashboard/jobs/new');
  await expect(page.getByRole('heading').first()).toBeVisible();

  await page.goto('/docs');
  await expect(page.getByText('Boardkit API', { exact: false }).first()).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);
});

test('API answers carry them too', async ({ request }) => {
  const response = await request.get('/api/health');
  expectSecurityHeaders(response.headers());
  const missing = await request.get('/api/jobs');
  expect(missing.status()).toBe(401);
  expectSecurityHeaders(missing.headers());
});

test('the dashboard cannot be framed by another site', async ({ page, baseURL }) => {
  const violations = cspViolations(page);
  await page.setContent(`<iframe title="victim" src="${baseURL}/sign-in"></iframe>`);
  await page.waitForTimeout(1500);
  const frame = page.frames().find((candidate) => candidate.url().includes('/sign-in'));
  const framedText = frame
    ? await frame
        .locator('body')
        .textContent()
        .catch(() => '')
    : '';
  expect(framedText ?? '').not.toContain('Sign in');
  expect(violations.join('\n')).toMatch(/frame-ancestors|X-Frame-Options|Refused to (display|frame)/i);
});
