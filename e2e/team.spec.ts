import { expect, test } from '@playwright/test';
import { expectAccessible, mailTo, screenshot as shot, signUp } from './helpers';

test('an owner invites a teammate by mail, who joins as an editor and sees the dashboard with that role only', async ({
  page,
  browser,
}) => {
  await signUp(page, { board: 'Team Board', name: 'Olivia Owner' });
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByTestId('teammate-row')).toHaveCount(1);
  await expect(page.getByTestId('teammate-row')).toContainText('Olivia Owner');
  await expectAccessible(page);
  await shot(page, 'team-01-owner-alone');

  // A wrong address keeps what was typed and says why.
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-address');

  const email = `editor-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByTestId('invitation-row')).toContainText(email);
  await expect(page.getByTestId('invitation-row')).toContainText('Editor');
  await expectAccessible(page);
  await shot(page, 'team-02-invited');

  // The mail log never shows the link; the mail itself carries it.
  await page.goto('/dashboard/mail');
  await expect(page.getByText('Olivia Owner invited you to Team Board on Boardkit')).toBeVisible();
  const mail = await mailTo(email, (each) => each.subject?.includes('invited you') ?? false);
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];

  // The invitee, in a browser of their own, creates the account on the way.
  const invitee = await browser.newContext();
  const guest = await invitee.newPage();
  // Sign-ups are limited per client address: the invitee comes from one of their own.
  await guest.setExtraHTTPHeaders({
    'x-forwarded-for': `198.18.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}`,
  });
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'Join Team Board' })).toBeVisible();
  await expect(guest.getByText(email, { exact: true })).toBeVisible();
  await expectAccessible(guest);
  await shot(guest, 'team-03-invitation');
  await guest.getByRole('button', { name: 'Create account and join' }).click();
  await expect(guest.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await expect(guest.getByText('Enter your name')).toBeVisible();
  await guest.getByLabel('Your name').fill('Eddie Editor');
  await guest.getByLabel('Password').fill('correct horse battery');
  await guest.getByRole('button', { name: 'Create account and join' }).click();
  await expect(guest).toHaveURL(/\/dashboard$/);
  await expect(guest.getByText('Team Board').first()).toBeVisible();

  // An editor writes jobs but neither manages the team nor reaches what owners and admins hold.
  await guest.goto('/dashboard/team');
  await expect(guest.getByTestId('teammate-row')).toHaveCount(2);
  await expect(guest.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /Change role/ })).toHaveCount(0);
  await expectAccessible(guest);
  await shot(guest, 'team-04-as-editor');
  await guest.goto('/dashboard/api-keys');
  await expect(guest.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await guest.goto('/dashboard/jobs/new');
  await expect(guest.getByRole('heading', { level: 1, name: 'New job' })).toBeVisible();

  // The link worked once.
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'This invitation does not work' })).toBeVisible();
  await expect(guest.getByText('already been accepted')).toBeVisible();
  await invitee.close();

  // The owner sees the new teammate, makes them an admin, and cannot step down as the last owner.
  await page.goto('/dashboard/team');
  await expect(page.getByTestId('invitation-row')).toHaveCount(0);
  const eddie = page.getByTestId('teammate-row').filter({ hasText: 'Eddie Editor' });
  await eddie.getByRole('combobox', { name: 'Role of Eddie Editor' }).selectOption('admin');
  await eddie.getByRole('button', { name: 'Change role of Eddie Editor' }).click();
  await expect(eddie.getByRole('combobox', { name: 'Role of Eddie Editor' })).toHaveValue('admin');
  await eddie.getByRole('button', { name: 'Remove Eddie Editor' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove Eddie Editor from the team?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('teammate-row')).toHaveCount(1);
  await shot(page, 'team-05-removed');
});
