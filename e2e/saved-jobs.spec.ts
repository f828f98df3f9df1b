// A job seeker saves jobs from a card and a job page, finds them in their account (an expired one
// marked so), keeps a resume on their profile and applies in one click after a review; the owner
// sees the application as any other. Visitors never see a member's saved state on a shared page.
import { expect, type Page, test } from '@playwright/test';
import { api, createKey, expectAccessible, screenshot as shot, signInOnBoard, signUp } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A job's card in a list, by its title link. */
const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
/** A save control's short name, and the job's title it is described by. */
const saveControl = (scope: ReturnType<Page['getByRole']>, role: 'link' | 'button', name: string) =>
  scope.getByRole(role, { name, exact: true });

test('a job seeker saves jobs, sees an expired one, and applies with their profile in one click', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, { board: 'Saved Board' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const slug = new URL(boardLink!, baseURL).hostname.split('.')[0]!;
  const base = `/b/${slug}`;
  const key = await createKey(page);
  const robotics = await api(page.request, key, 'post', '/jobs', {
    title: 'Robotics Engineer',
    company_name: 'Gearworks',
    description: 'Build robots that build robots.',
    location: 'Berlin',
    how_to_apply_method: 'form-internal',
    contact_email: 'hiring@gearworks.example',
  });
  const analyst = await api(page.request, key, 'post', '/jobs', {
    title: 'Data Analyst',
    company_name: 'Numbers Ltd',
    description: 'Count what counts.',
    how_to_apply_method: 'form-internal',
  });

  // A visitor's Save is a way to sign in that comes back to the job.
  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  await board.goto(base);
  const anonymousSave = saveControl(card(board, 'Robotics Engineer'), 'link', 'Save');
  await expect(anonymousSave).toHaveAccessibleDescription('Robotics Engineer');
  await expectAccessible(board);
  await anonymousSave.click();
  await expect(board).toHaveURL(
    new RegExp(`${base}/sign-in\\?next=${encodeURIComponent(`/jobs/${robotics.slug}`)}`),
  );
  const email = `saver-${Date.now()}@example.com`;
  await signInOnBoard(board, email, 'candidate');
  await expect(board).toHaveURL(new RegExp(`${base}/jobs/${robotics.slug}$`));

  // Saved from the job page (its own control comes first, before similar jobs')…
  const pageSave = board.getByRole('main').getByRole('button', { name: /^Save/ }).first();
  await expect(pageSave).toHaveAttribute('aria-pressed', 'false');
  await pageSave.click();
  await expect(pageSave).toHaveAttribute('aria-pressed', 'true');
  await expect(pageSave).toHaveAccessibleName('Saved');
  await expectAccessible(board);
  await shot(board, 'saved-01-job-page-saved');
  // …and from a card on the home page.
  await board.goto(base);
  const roboticsCard = saveControl(card(board, 'Robotics Engineer'), 'button', 'Saved');
  await expect(roboticsCard).toHaveAttribute('aria-pressed', 'true');
  await expect(roboticsCard).toHaveAccessibleDescription('Robotics Engineer');
  await saveControl(card(board, 'Data Analyst'), 'button', 'Save').click();
  await expect(saveControl(card(board, 'Data Analyst'), 'button', 'Saved')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(roboticsCard).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'saved-02-cards');

  // The shared page a visitor gets holds no member's state.
  const stranger = await browser.newContext({ baseURL });
  const other = await stranger.newPage();
  for (const path of [base, `${base}/jobs/${robotics.slug}`]) {
    await other.goto(path);
    await expect(
      other.getByRole('main').getByRole('link', { name: 'Save', exact: true }).first(),
    ).toBeVisible();
    await expect(other.getByRole('button', { name: /Save/ })).toHaveCount(0);
  }
  await stranger.close();

  // The account lists them, newest saved first.
  await board.goto(`${base}/account`);
  const saved = board.getByRole('region', { name: 'Saved jobs' });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await expect(saved.getByRole('listitem').first()).toContainText('Data Analyst');
  await expect(saved.getByRole('link', { name: 'Robotics Engineer' })).toHaveAttribute(
    'href',
    `${base}/jobs/${robotics.slug}`,
  );
  await expectAccessible(board);

  // The owner expires one: it stays saved, marked Expired, and can be removed.
  const expired = await page.request.patch(`/api/jobs/${analyst.id}`, {
    headers: { 'x-api-key': key },
    data: { status: 'expired' },
  });
  expect(expired.status()).toBe(200);
  await board.reload();
  const analystRow = saved.getByRole('listitem').filter({ hasText: 'Data Analyst' });
  await expect(analystRow).toContainText('Expired');
  await expect(analystRow).toContainText('no longer taking applications');
  await expect(saved.getByRole('listitem').filter({ hasText: 'Robotics Engineer' })).not.toContainText(
    'Expired',
  );
  await expectAccessible(board);
  await shot(board, 'saved-03-account-expired');
  const remove = analystRow.getByRole('button', { name: 'Remove' });
  await expect(remove).toHaveAccessibleDescription('Data Analyst');
  await remove.click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);

  // The profile: contact details, and a resume (a wrong file first: refused, nothing kept).
  await board.getByLabel('Name', { exact: true }).fill('Sam Saver');
  await board.getByLabel('Phone').fill('+49 30 1234567');
  await board.getByLabel('Links').fill('not a link');
  await board.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    board.getByText('Enter each link as a full address, such as https://example.com/me.'),
  ).toBeVisible();
  await expect(board.getByLabel('Phone')).toHaveValue('+49 30 1234567');
  await expectAccessible(board);
  await board.getByLabel('Links').fill('https://sam.example/portfolio');
  await board.getByRole('button', { name: 'Save profile' }).click();
  await expect(board.getByText('Saved.', { exact: true })).toBeVisible();

  const resume = board.getByRole('region', { name: 'Your resume' });
  await resume
    .getByLabel('Resume')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text') });
  await resume.getByRole('button', { name: 'Upload resume' }).click();
  await expect(resume.getByText('This file is not a PDF, DOC or DOCX document.')).toBeVisible();
  await expectAccessible(board);
  await resume
    .getByLabel('Resume')
    .setInputFiles({ name: 'sam-saver-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await resume.getByRole('button', { name: 'Upload resume' }).click();
  await expect(resume.getByText('Resume saved.')).toBeVisible();
  await expect(resume).toContainText('sam-saver-cv.pdf');
  await expectAccessible(board);
  await shot(board, 'saved-04-account-profile');

  // One click opens the review; confirming sends it.
  await board.goto(`${base}/jobs/${robotics.slug}`);
  await board.getByRole('link', { name: 'Apply with your profile' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/jobs/${robotics.slug}/apply-with-profile$`));
  await expect(board.getByRole('heading', { level: 1, name: 'Apply with your profile' })).toBeVisible();
  const review = board.getByRole('region', { name: 'What the hiring team receives' });
  for (const shown of ['Sam Saver', email, '+49 30 1234567', 'sam-saver-cv.pdf'])
    await expect(review).toContainText(shown);
  await expectAccessible(board);
  await shot(board, 'saved-05-review');
  await board.getByLabel('Cover note').fill('Robots are my thing.');
  await board.getByRole('button', { name: 'Send application' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Application sent' })).toBeVisible();
  await board.goto(`${base}/account`);
  await expect(board.getByRole('region', { name: 'Your applications' })).toContainText('Robotics Engineer');
  await visitor.close();

  // The owner sees it as any application from the board, resume included.
  await page.goto(`/dashboard/jobs/${robotics.id}/applicants`);
  await page.getByRole('link', { name: 'Sam Saver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Saver' })).toBeVisible();
  await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  expect(await page.getByTestId('cover-letter').textContent()).toBe('Robots are my thing.');
  const download = page.getByRole('link', { name: 'Download sam-saver-cv.pdf' });
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body())).toEqual(PDF);
  await expectAccessible(page);
  await shot(page, 'saved-06-dashboard-applicant');
});
