// Companies on the public board: logos on job cards and job pages, the company page with its
// jobs and Organization markup, and the company index.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createKey, expectAccessible, screenshot as shot, signUp } from './helpers';

const logo = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" rx="24" fill="#0f766e"/><circle cx="64" cy="64" r="30" fill="#fff"/></svg>',
    ),
  )
    .png()
    .toBuffer();

test('a company has a page with its logo and jobs, and its logo shows on cards and job pages', async ({
  page,
  request,
}) => {
  await signUp(page, { board: 'Harbour Jobs' });
  const key = await createKey(page);
  const headers = { 'x-api-key': key };
  const asset = (
    await (
      await request.post('/api/assets', {
        headers,
        multipart: { file: { name: 'tidewater.png', mimeType: 'image/png', buffer: await logo() } },
      })
    ).json()
  ).data;
  const created = await request.post('/api/companies', {
    headers,
    data: {
      name: 'Tidewater Systems',
      logo_url: asset.url,
      website: 'https://tidewater.example',
      description: 'Port logistics software.',
    },
  });
  expect(created.status()).toBe(201);
  const company = (await created.json()).data;
  const post = async (data: Record<string, unknown>) => {
    const response = await request.post('/api/jobs', { headers, data: { description: 'Ship it.', ...data } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data;
  };
  const engineer = await post({
    title: 'Platform Engineer',
    company_name: 'tidewater systems',
    is_remote: true,
  });
  expect(engineer.company).toMatchObject({ id: company.id, logo_url: asset.url });
  await post({ title: 'Data Analyst', company_id: company.id, location: 'Rotterdam' });
  await post({ title: 'Barista', company_name: 'Corner Café', location: 'Rotterdam' });

  const organization = (await (await request.get('/api/organization', { headers })).json()).data;
  const base = `/b/${organization.slug}`;
  await page.goto(base);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Platform Engineer' }) });
  await expect(card.locator('img')).toHaveAttribute('src', asset.url);
  const cafe = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Barista' }) });
  await expect(cafe.locator('img')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'companies-01-home-logos');

  await page.getByRole('link', { name: 'Platform Engineer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Platform Engineer' })).toBeVisible();
  const jsonLd = [
    JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!),
  ].flat();
  expect(jsonLd.find((item) => item['@type'] === 'JobPosting')?.hiringOrganization).toMatchObject({
    name: 'Tidewater Systems',
    logo: asset.url,
  });
  await page.getByRole('link', { name: 'All jobs at Tidewater Systems' }).click();

  await expect(page).toHaveURL(new RegExp(`${base}/companies/tidewater-systems$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs at Tidewater Systems' })).toBeVisible();
  await expect(page.getByText('Port logistics software.')).toBeVisible();
  await expect(page.getByRole('link', { name: /tidewater\.example/ })).toHaveAttribute(
    'href',
    'https://tidewater.example',
  );
  const listed = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(listed).toHaveText(['Data Analyst', 'Platform Engineer']);
  const markup = [
    JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!),
  ].flat();
  expect(markup.find((item) => item['@type'] === 'Organization')).toMatchObject({
    name: 'Tidewater Systems',
    logo: asset.url,
    sameAs: 'https://tidewater.example',
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', company.url);
  await expectAccessible(page);
  await shot(page, 'companies-02-company-page');

  await page.goto(`${base}/companies`);
  await expect(page.getByRole('heading', { level: 1, name: 'Companies hiring' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tidewater Systems' })).toBeVisible();
  await expect(page.getByText('2 open jobs')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'companies-03-index');

  expect((await page.goto(`${base}/companies/no-such-company`))!.status()).toBe(404);
});
