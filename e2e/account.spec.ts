import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, mailTo, screenshot as shot, signUp } from './helpers';

/** Signs in through the form in a browser of its own (its own client address) and waits for the dashboard. */
async function signInElsewhere(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `198.19.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}`,
  });
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('a teammate renames their account, changes their password, signs out other browsers and chooses their emails', async ({
  page,
  browser,
}) => {
  const email = `account-${Date.now()}@example.com`;
  await signUp(page, { board: 'Account Board', name: 'Olivia Owner', email, password: 'first password 1' });
  const laptop = await signInElsewhere(browser, email, 'first password 1');

  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText(`You sign in as ${email}.`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'account-01');

  await page.getByLabel('Your name').fill('Olivia Ortega');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.goto('/dashboard/team');
  await expect(page.getByTestId('teammate-row')).toContainText('Olivia Ortega');
  await page.goto('/dashboard/account');

  // The wrong current password is said on its field, and changes nothing.
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('second password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This is not your current password.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expectAccessible(page);
  await shot(page, 'account-02-wrong-password');

  await page.getByLabel('Current password').fill('first password 1');
  await page.getByLabel('New password').fill('second password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your new password is saved. Every other browser is signed out.'),
  ).toBeVisible();
  // This browser stays signed in; the other one is out.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await laptop.goto('/dashboard/jobs');
  await expect(laptop).toHaveURL(/\/sign-in/);
  await laptop.context().close();

  // Emails: an owner gets both notices until turning one off.
  const applications = page.getByRole('checkbox', { name: /someone applies/ });
  const approvals = page.getByRole('checkbox', { name: /employer waits/ });
  await expect(applications).toBeChecked();
  await expect(approvals).toBeChecked();
  await applications.uncheck();
  await page.getByRole('button', { name: 'Save emails' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(applications).not.toBeChecked();
  await expect(approvals).toBeChecked();

  // The only owner cannot leave; an editor can, on their own.
  await expect(page.getByText('You are its only owner')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave Account Board' })).toHaveCount(0);
  const editorEmail = `leaver-${Date.now()}@example.com`;
  await page.goto('/dashboard/team');
  await page.getByLabel('Email').fill(editorEmail);
  await page.getByLabel('Role').selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${editorEmail}.`)).toBeVisible();
  const invitation = await mailTo(editorEmail, (each) => each.subject?.includes('invited you') ?? false);
  const editor = await (await browser.newContext()).newPage();
  await editor.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${Date.now() % 250}.7` });
  await editor.goto(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(invitation.text ?? '')![0]);
  await editor.getByLabel('Your name').fill('Lee Leaver');
  await editor.getByLabel('Password').fill('leaving soon 1');
  await editor.getByRole('button', { name: 'Create account and join' }).click();
  await expect(editor).toHaveURL(/\/dashboard$/);
  await editor.goto('/dashboard/account');
  // An editor decides on applications, not on employers.
  await expect(editor.getByRole('checkbox')).toHaveCount(1);
  await editor.getByRole('button', { name: 'Leave Account Board' }).click();
  await expect(editor.getByRole('dialog', { name: 'Leave Account Board?' })).toBeVisible();
  await expectAccessible(editor);
  await editor.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
  // On no team now, the account may start a board of its own.
  await expect(editor).toHaveURL(/\/sign-up\?reason=no-organization/);
  await expect(editor.getByText('work on no board now')).toBeVisible();
  await expectAccessible(editor);
  await shot(editor, 'account-05-teamless');
  await editor.getByLabel('Job board name').fill('Lee Jobs');
  await editor.getByRole('button', { name: 'Create board' }).click();
  await expect(editor).toHaveURL(/\/dashboard$/);
  await expect(editor.getByText('Lee Jobs').first()).toBeVisible();
  await editor.context().close();
  await page.goto('/dashboard/team');
  await expect(page.getByTestId('teammate-row')).toHaveCount(1);
  await page.goto('/dashboard/account');

  // Signing out everywhere includes this browser.
  const desk = await signInElsewhere(browser, email, 'second password 2');
  await page.getByRole('button', { name: 'Sign out of every browser' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
  await desk.goto('/dashboard');
  await expect(desk).toHaveURL(/\/sign-in/);
  await desk.context().close();
});

test('a forgotten password is reset through a mailed link that works once', async ({ page, browser }) => {
  const email = `forgot-${Date.now()}@example.com`;
  await signUp(page, { board: 'Forgetful Board', email, password: 'remembered once' });
  const laptop = await signInElsewhere(browser, email, 'remembered once');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-address');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(`If a Boardkit account uses ${email}, a link`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'account-03-link-sent');

  const mail = await mailTo(email, (each) => each.subject === 'Choose a new Boardkit password');
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shot(page, 'account-04-reset-form');
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The browser signed in with the old password is out, and the link is spent.
  await laptop.goto('/dashboard');
  await expect(laptop).toHaveURL(/\/sign-in/);
  await laptop.context().close();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});
