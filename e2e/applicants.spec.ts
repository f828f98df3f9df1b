import { expect, type Page, test } from '@playwright/test';
import { api, createKey, expectAccessible, mailTo, screenshot as shot, signUp } from './helpers';

/** A one-page PDF with a few lines of text, so the preview has something to show. */
function resumePdf(lines: string[]): Buffer {
  const text = lines
    .map((line, index) => `BT /F1 ${index === 0 ? 20 : 12} Tf 72 ${720 - index * 28} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Nothing wider than the window: a page that scrolls sideways at 320 px fails. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

const column = (page: Page, status: string) =>
  page.getByTestId(`column-${status}`).getByTestId('applicant-card');

test('a board owner reviews applicants: pipeline by keyboard, the applicant page, notes, rating, bulk moves and status mails', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUp(page, { board: 'Applicant Board' });
  const key = await createKey(page);
  const job = await api(request, key, 'post', '/jobs', {
    title: 'Platform Engineer',
    company_name: 'Acme',
    description: 'Keep the platform running.',
    how_to_apply_method: 'form-internal',
  });
  const other = await api(request, key, 'post', '/jobs', {
    title: 'Site Reliability Engineer',
    company_name: 'Acme',
    description: 'Keep the lights on.',
  });
  const slug = (await (await request.get('/api/organization', { headers: { 'x-api-key': key } })).json()).data
    .slug;

  // Ada applies on the board with a PDF résumé; the others come through the API, Grace without one.
  const visitor = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' },
  });
  const board = await visitor.newPage();
  await board.goto(`/b/${slug}/jobs/${job.slug}#apply`);
  await board.getByLabel('Full name').fill('Ada Lovelace');
  await board.getByLabel('Email').fill('ada@example.com');
  await board.getByLabel('Phone').fill('+44 20 7946 0000');
  await board
    .getByLabel('Cover letter')
    .fill('Dear team,\n\nI have run platforms for ten years.\nI would love to run yours.');
  await board.getByLabel('Resume').setInputFiles({
    name: 'ada-lovelace-cv.pdf',
    mimeType: 'application/pdf',
    buffer: resumePdf(['Ada Lovelace', 'Platform engineer, 10 years', 'Analytical Engine, 1843']),
  });
  await board.getByRole('button', { name: 'Send application' }).click();
  await expect(board.getByRole('heading', { name: 'Application sent' })).toBeVisible();
  await visitor.close();
  for (const [name, email, status] of [
    ['Grace Hopper', 'grace@example.com', undefined],
    ['Alan Turing', 'alan@example.com', undefined],
    ['Edsger Dijkstra', 'edsger@example.com', 'hired'],
  ] as const) {
    await api(request, key, 'post', `/jobs/${job.id}/applications`, { name, email, status });
  }
  await api(request, key, 'post', `/jobs/${other.id}/applications`, {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
  });

  // The inbox: every job's applications, newest first, filtered by status and by name or email.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL(/\/dashboard\/applications$/);
  const inbox = page.getByTestId('inbox-row');
  await expect(inbox).toHaveCount(5);
  await expect(inbox.first()).toContainText('Ada Lovelace');
  await expect(inbox.first()).toContainText('Site Reliability Engineer');
  await expect(
    inbox.filter({ hasText: 'Platform Engineer' }).filter({ hasText: 'Ada Lovelace' }),
  ).toContainText('Résumé');
  await page.getByLabel('Status').selectOption('hired');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\?status=hired$/);
  await expect(inbox).toHaveCount(1);
  await expect(inbox).toContainText('Edsger Dijkstra');
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/dashboard\/applications$/);
  await page.getByLabel('Name or email').fill('ADA@');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?search=ADA%40$/);
  await expect(inbox).toHaveCount(2);
  await expect(page.getByLabel('Name or email')).toHaveValue('ADA@');
  const exported = page.getByRole('link', { name: 'Export CSV (filtered)' });
  await expect(exported).toHaveAttribute('href', '/dashboard/applications/export?search=ADA%40');
  const csv = await page.request.get((await exported.getAttribute('href'))!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  // Oldest first: Ada's application on the board, then the one through the API; nobody else.
  const exportedText = await csv.text();
  const onBoard = exportedText.indexOf(',Platform Engineer,Ada Lovelace,ada@example.com,');
  expect(onBoard).toBeGreaterThan(0);
  expect(exportedText.indexOf(',Site Reliability Engineer,Ada Lovelace,ada@example.com,')).toBeGreaterThan(
    onBoard,
  );
  expect(exportedText).not.toContain('grace@example.com');
  await expectAccessible(page);
  await shot(page, 'applicants-00-inbox');

  // The owner switches the shortlist mail on, in words of their own.
  await page.goto('/dashboard/applications/templates');
  const shortlisted = page.getByTestId('template-shortlisted');
  await shortlisted.getByLabel('Send when an applicant is moved to shortlisted').check();
  await shortlisted.getByLabel('Subject').fill('Good news about {{job_title}}, {{name}}');
  await shortlisted.getByRole('button', { name: 'Save the shortlisted mail' }).click();
  await expect(shortlisted.getByRole('status')).toHaveText('Saved. Applicants get this mail.');
  await expect(shortlisted.getByRole('status')).toBeFocused();
  await expect(shortlisted.getByLabel('Subject')).toHaveValue('Good news about {{job_title}}, {{name}}');
  await expectAccessible(page);
  await shot(page, 'applicants-01-status-mails');

  // The job page keeps a summary and leads to its applicants.
  await page.goto(`/dashboard/jobs/${job.id}`);
  await expect(page.getByTestId('applicants-summary')).toContainText('4 applications: 3 pending, 1 hired.');
  await page.getByRole('link', { name: 'Applicants (4)' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/jobs/${job.id}/applicants$`));
  await expect(page.getByRole('link', { name: 'Applicants (4)' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('column-pending').getByTestId('column-count')).toHaveText('(3)');
  await expect(page.getByTestId('column-hired')).toContainText('Final');
  // A hired applicant is offered no move.
  await expect(page.getByRole('button', { name: /^Move Edsger Dijkstra/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'applicants-02-pipeline');

  // Keyboard only: to Ada's status, one step down the list, Tab to the button, Enter.
  await page.getByLabel('New status for Ada Lovelace').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('New status for Ada Lovelace')).toHaveValue('shortlisted');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Move Ada Lovelace to shortlisted' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(column(page, 'shortlisted')).toContainText('Ada Lovelace');
  await expect(page.getByTestId('pipeline-status')).toHaveText('Moved Ada Lovelace to shortlisted.');
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeFocused();
  await expect(page.getByTestId('column-pending').getByTestId('column-count')).toHaveText('(2)');
  const mail = await mailTo(
    'ada@example.com',
    (message) => message.subject?.startsWith('Good news') ?? false,
  );
  expect(mail.subject).toBe('Good news about Platform Engineer, Ada Lovelace');
  expect(mail.text).toContain('you are on our shortlist for Platform Engineer');
  await expectAccessible(page);

  // Bulk: everyone pending plus the hired one, to reviewed; the hired one is named and stays.
  await page.getByLabel('Select all pending').check();
  await page.getByLabel('Select Edsger Dijkstra').check();
  await expect(page.getByTestId('bulk-count')).toHaveText('3 selected');
  await page.getByLabel('Move selected to').selectOption('reviewed');
  await page.getByRole('button', { name: 'Move selected' }).click();
  const status = page.getByTestId('pipeline-status');
  await expect(status).toHaveText(
    'Moved 2 applicants to reviewed: Grace Hopper and Alan Turing. Not moved: Edsger Dijkstra (An application that is hired is final and cannot move to reviewed).',
  );
  await expect(status).toBeFocused();
  await expect(column(page, 'reviewed')).toHaveCount(2);
  await expect(column(page, 'hired')).toHaveCount(1);
  await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
  await expectAccessible(page);
  await shot(page, 'applicants-03-bulk-moved');

  // Reject the reviewed ones in one go.
  await page.getByLabel('Select Edsger Dijkstra').uncheck();
  await page.getByLabel('Select all reviewed').check();
  await page.getByRole('button', { name: 'Reject selected' }).click();
  await expect(status).toHaveText('Moved 2 applicants to rejected: Grace Hopper and Alan Turing.');
  await expect(column(page, 'rejected')).toHaveCount(2);

  // The same applicants as a list, newest first; its table scrolls inside its own region.
  await page.getByRole('link', { name: 'List', exact: true }).click();
  await expect(page).toHaveURL(/\?view=list$/);
  await expect(page.getByRole('link', { name: 'List', exact: true })).toHaveAttribute('aria-current', 'page');
  const rows = page.getByTestId('applicant-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('Edsger Dijkstra');
  await expect(rows.filter({ hasText: 'Ada Lovelace' })).toContainText('Shortlisted');
  await expectAccessible(page);
  await shot(page, 'applicants-04a-list');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'applicants-04b-list-320');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Pipeline', exact: true }).click();
  await expect(page.getByTestId('pipeline')).toBeVisible();

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'applicants-04-pipeline-320');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ada's page: everything she sent, her résumé through its signed link, her other application.
  await page.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page).toHaveTitle('Ada Lovelace · Applicants · Boardkit');
  await expect(page.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
    'href',
    'mailto:ada@example.com',
  );
  await expect(page.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
    'href',
    'tel:+442079460000',
  );
  expect(await page.getByTestId('cover-letter').textContent()).toBe(
    'Dear team,\n\nI have run platforms for ten years.\nI would love to run yours.',
  );
  const preview = page.getByTitle('Résumé of Ada Lovelace (ada-lovelace-cv.pdf)');
  await expect(preview).toBeVisible();
  expect(await preview.getAttribute('src')).toMatch(
    /^\/api\/applications\/[0-9a-f-]{36}\/resume\?expires=\d+&signature=[\w-]+&disposition=inline$/,
  );
  const download = page.getByRole('link', { name: 'Download ada-lovelace-cv.pdf' });
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
  await expect(
    page.getByTestId('other-applications').getByRole('link', { name: 'Site Reliability Engineer' }),
  ).toBeVisible();
  await expect(page.getByText('The board’s apply form')).toBeVisible();

  await page.getByLabel('Add a note').fill('Strong on incidents.\nAsk about on-call.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note added.' })).toBeFocused();
  await expect(page.getByTestId('note')).toContainText('Olivia Owner');
  expect(await page.getByTestId('note').locator('p').last().textContent()).toBe(
    'Strong on incidents.\nAsk about on-call.',
  );
  await expect(page.getByLabel('Add a note')).toHaveValue('');

  // The rating by keyboard: the radio group moves with the arrow keys.
  await page.getByLabel('3 stars').check();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('4 stars')).toBeChecked();
  await page.getByRole('button', { name: 'Save rating' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rated 4 out of 5.' })).toBeFocused();
  await expect(page.getByLabel('4 stars')).toBeChecked();
  await expectAccessible(page);
  await shot(page, 'applicants-05-applicant');

  // Moved from her page: the status message takes focus.
  await page.getByLabel('Move to').selectOption('hired');
  await page.getByRole('button', { name: 'Move Ada Lovelace to hired' }).click();
  await expect(page.getByTestId('applicant-status-message')).toHaveText('Moved Ada Lovelace to hired.');
  await expect(page.getByTestId('applicant-status-message')).toBeFocused();
  await expect(page.getByText('This status is final.')).toBeVisible();

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'applicants-06-applicant-320');
  await page.goto('/dashboard/applications/templates');
  await expectNoSidewaysScroll(page);
  await shot(page, 'applicants-07-status-mails-320');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The note's own author deletes it.
  await page.goBack();
  await page
    .getByTestId('note')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this note?' })
    .getByRole('button', { name: 'Delete note' })
    .click();
  await expect(page.getByText('No notes yet.')).toBeVisible();

  // Grace sent no résumé.
  await page.goto(`/dashboard/jobs/${job.id}/applicants`);
  await page.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText('No résumé was sent.')).toBeVisible();
  await expect(page.getByText('No cover letter.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'applicants-08-applicant-without-resume');

  // Nobody's application, or another organization's: the 404 page with its own title.
  const response = await page.goto('/dashboard/applications/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found · Boardkit');
});
