// Every job page the board serves, read as Google and Indeed read it: the demo board's jobs (the
// seed's own builder) and a corpus of jobs that have broken markup before. Each page's JSON-LD
// JobPosting passes Google's rules (lib/board/google-job-posting-rules.ts) with no error, a job the
// board lists without one (jobPostingProblem, or expired) carries none, every content image has an
// alt, and the board's Indeed feed of the same jobs passes Indeed's reference.
import { eq } from 'drizzle-orm';
import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs, type Organization } from '@/db/schema';
import { checkJobPosting, GOOGLE_EMPLOYMENT_TYPES } from '@/lib/board/google-job-posting-rules';
import { indeedFeed } from '@/lib/board/indeed-feed';
import { checkIndeedFeed } from '@/lib/board/indeed-feed-schema';
import { jobPostingProblem } from '@/lib/board/job-posting';
import { boardJobBySlug } from '@/lib/board/queries';
import { GOOGLE_DESCRIPTION_TAGS } from '@/lib/content';
import { DAY_MS } from '@/lib/core/time';
import { commitLocation } from '@/lib/geo/service';
import { jobTypes } from '@/lib/jobs/schemas';
import { createAsset } from '@/lib/media';
import { createPageBodySchema } from '@/lib/pages/schemas';
import { createPage } from '@/lib/pages/service';
import { seedDemoBoard } from '@/scripts/seed-board';
import { createTenant, createTestJob } from '@/test/factories';
import { clientComponents, resolveServerTree } from '@/test/server-render';
import * as customPage from './b/[board]/[page]/page';
import * as jobPage from './b/[board]/jobs/[slug]/page';

type Json = Record<string, any>;

const BOARD = 'https://jobs.example.org';
const NOW = new Date();

let org: Organization;
let client: Set<unknown>;
/** Jobs of the edge corpus by name; the demo board's jobs are read from the database. */
let edge: Record<string, { id: string; slug: string }>;
let office: { url: string };
let untitled: { url: string };
const EXTERNAL_IMAGE = 'https://images.example.org/team.jpg';

const png = (background: string) =>
  sharp({ create: { width: 8, height: 6, channels: 3, background } })
    .png()
    .toBuffer();

async function seed() {
  const db = await getDb();
  const tenant = await createTenant({ name: 'Markup Board' });
  org = tenant.organization as Organization;
  expect(await seedDemoBoard(db, org.id)).toBe(true);
  const place = (query: string, country?: string) => commitLocation(db, org.id, { query, country });
  const lisbon = await place('Lisbon', 'PT');
  const berlin = await place('Berlin', 'DE');
  const remoteGermany = await place('Remote (Germany)');
  office = (
    await createAsset(
      db,
      org.id,
      { bytes: await png('#336699'), title: 'Our Lisbon office', filename: 'office.png' },
      { dedupe: false },
    )
  ).asset;
  untitled = (
    await createAsset(
      db,
      org.id,
      { bytes: await png('#993366'), filename: 'IMG_2041.png' },
      { dedupe: false },
    )
  ).asset;
  const job = (fields: Parameters<typeof createTestJob>[1]) =>
    createTestJob(org.id, { location_id: berlin.id, ...fields });
  const richDescription = [
    '<h2>About</h2><h6>Small print</h6><p>We <strong>build</strong> <em>things</em> <s>slowly</s> <a href="https://acme.example">here</a>.</p>',
    `<img src="${office.url}"><img src="${untitled.url}"><img src="${EXTERNAL_IMAGE}">`,
    '<ol><li><p>First</p></li><li><p>Second</p></li></ol><blockquote><p>Best team ever.</p></blockquote>',
    '<pre><code class="language-ts">const pay = 1 &lt; 2;\nship();</code></pre><hr>',
    '<table><tbody><tr><th>Perk</th><th>Value</th></tr><tr><td>Days off</td><td>30</td></tr></tbody></table>',
    '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
    '<iframe src="https://maps.example.com/embed?q=1"></iframe><p>Tom &amp; Jerry say &lt;hi&gt;.</p>',
  ].join('');
  edge = {
    remoteNoPlace: await job({ title: 'Remote writer', is_remote: true, location_id: null }),
    remoteText: await job({ title: 'Remote editor', location: 'Remote - Europe', location_id: null }),
    hybridCity: await job({ title: 'Hybrid designer', workplace_type: 'hybrid', location_id: lisbon.id }),
    remoteCountry: await job({
      title: 'Remote support',
      workplace_type: 'remote',
      location_id: remoteGermany.id,
    }),
    linkedOnly: await job({ title: 'Berlin welder', location: null, location_id: berlin.id }),
    textPlace: await job({ title: 'Springfield clerk', location: 'Springfield', location_id: null }),
    range: await job({ title: 'Ranged', salary_min: 50_000, salary_max: 60_000, salary_currency: 'EUR' }),
    single: await job({ title: 'Single', salary_min: 70_000, salary_max: 70_000, salary_currency: 'USD' }),
    upTo: await job({ title: 'Up to', salary_max: 3_000, salary_currency: 'GBP', salary_period: 'monthly' }),
    hourly: await job({
      title: 'Hourly',
      salary_min: 25,
      salary_max: 31.5,
      salary_currency: 'CHF',
      salary_period: 'hourly',
    }),
    noCurrency: await job({ title: 'No currency', salary_min: 4_000, salary_period: 'monthly' }),
    rich: await job({
      title: 'Rich description',
      description: richDescription,
      how_to_apply_method: 'form-internal',
    }),
    byMail: await job({
      title: 'Mail us',
      how_to_apply_method: 'email',
      how_to_apply: 'jobs@markup.example',
    }),
    expired: await job({ title: 'Expired' }),
    nowhere: await job({ title: 'Nowhere', location_id: null }),
    hybridNowhere: await job({ title: 'Hybrid nowhere', workplace_type: 'hybrid', location_id: null }),
  };
  for (const type of jobTypes) edge[`type ${type}`] = await job({ title: `A ${type} job`, job_type: type });
  await db
    .update(jobs)
    .set({ expiresAt: new Date(NOW.getTime() - DAY_MS) })
    .where(eq(jobs.id, edge.expired!.id));
  await createPage(
    db,
    org.id,
    createPageBodySchema.parse({
      kind: 'page',
      status: 'published',
      title: 'Our office',
      slug: 'office',
      content: `<p>Come by.</p><img src="${office.url}"><img src="${EXTERNAL_IMAGE}">`,
    }),
  );
}

beforeAll(async () => {
  client = await clientComponents(['components/board', 'components/ui', 'app/(board)']);
  await seed();
}, 120_000);

/** A board page's HTML as the App Router renders it for an anonymous visitor. */
async function render(page: { default: unknown }, params: Record<string, string>): Promise<string> {
  const props = { params: Promise.resolve({ board: org.slug, ...params }) };
  const tree = createElement(page.default as FunctionComponent<typeof props>, props);
  return renderToString(await resolveServerTree(tree, client));
}

/** The JobPosting objects of a page's JSON-LD. */
function jobPostingsOf(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .flatMap((match) => [JSON.parse(match[1]!)].flat() as Json[])
    .filter((data) => data['@type'] === 'JobPosting');
}

/** Every `<img>` tag of a page. */
const imagesOf = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);

async function boardJobs() {
  const db = await getDb();
  return db
    .select({ id: jobs.id, slug: jobs.slug, title: jobs.title })
    .from(jobs)
    .where(eq(jobs.organizationId, org.id));
}

describe('job pages as Google reads them', () => {
  it('every job page of the demo board and the edge corpus passes Google’s JobPosting rules', async () => {
    const db = await getDb();
    const all = await boardJobs();
    expect(all.length).toBe(10 + Object.keys(edge).length);
    const valid: Json[] = [];
    for (const { slug, title } of all) {
      const html = await render(jobPage, { slug });
      const postings = jobPostingsOf(html);
      const { job, location } = (await boardJobBySlug(db, org, slug))!;
      if (job.status !== 'active' || jobPostingProblem(job, location)) {
        expect(postings, title).toEqual([]);
        continue;
      }
      expect(postings, title).toHaveLength(1);
      expect(checkJobPosting(postings[0]!).errors, title).toEqual([]);
      valid.push(postings[0]!);
    }
    // Every job but the expired one and the two with no place.
    expect(valid).toHaveLength(all.length - 3);
    // Google's employment types, every one the board has a job type for.
    expect(new Set(valid.map((posting) => posting.employmentType).filter(Boolean))).toEqual(
      new Set(GOOGLE_EMPLOYMENT_TYPES),
    );
  });

  it('lists without JobPosting exactly the jobs it means to', async () => {
    for (const name of ['expired', 'nowhere', 'hybridNowhere']) {
      const html = await render(jobPage, { slug: edge[name]!.slug });
      expect(jobPostingsOf(html), name).toEqual([]);
    }
  });

  it('marks remote, hybrid and placed jobs as Google asks', async () => {
    const posting = async (name: string) =>
      jobPostingsOf(await render(jobPage, { slug: edge[name]!.slug }))[0]!;
    expect(await posting('remoteNoPlace')).toMatchObject({ jobLocationType: 'TELECOMMUTE' });
    expect((await posting('remoteNoPlace')).jobLocation).toBeUndefined();
    expect((await posting('remoteText')).applicantLocationRequirements.length).toBeGreaterThan(1);
    expect(await posting('remoteCountry')).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Germany' },
    });
    const hybrid = await posting('hybridCity');
    expect(hybrid.jobLocationType).toBeUndefined();
    expect(hybrid.jobLocation.address).toMatchObject({ addressLocality: 'Lisbon', addressCountry: 'PT' });
    expect((await posting('linkedOnly')).jobLocation.address).toMatchObject({
      addressLocality: 'Berlin',
      addressCountry: 'DE',
    });
    // A place typed as text has no country yet: a warning, not an error.
    expect(checkJobPosting(await posting('textPlace')).warnings.map((w) => w.property)).toContain(
      'jobLocation.address.addressCountry',
    );
  });

  it('writes each salary as Google reads it, and one without a currency nowhere', async () => {
    const page = async (name: string) => render(jobPage, { slug: edge[name]!.slug });
    const salaryOf = async (name: string) => jobPostingsOf(await page(name))[0]!.baseSalary;
    expect(await salaryOf('range')).toMatchObject({
      currency: 'EUR',
      value: { minValue: 50_000, maxValue: 60_000, unitText: 'YEAR' },
    });
    expect((await salaryOf('single')).value).toMatchObject({ value: 70_000 });
    expect((await salaryOf('upTo')).value).toMatchObject({ value: 3_000, unitText: 'MONTH' });
    expect(await salaryOf('hourly')).toMatchObject({
      currency: 'CHF',
      value: { minValue: 25, maxValue: 31.5, unitText: 'HOUR' },
    });
    const noCurrency = await page('noCurrency');
    expect(jobPostingsOf(noCurrency)[0]!.baseSalary).toBeUndefined();
    expect(noCurrency).not.toMatch(/4,000/);
  });

  it('sends Google only the description tags it reads, the rest as text', async () => {
    const { description } = jobPostingsOf(await render(jobPage, { slug: edge.rich!.slug }))[0]!;
    const tags = new Set([...description.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]));
    expect([...tags].filter((tag) => !GOOGLE_DESCRIPTION_TAGS.includes(tag!))).toEqual([]);
    for (const text of [
      'Small print',
      'slowly',
      'here',
      'Best team ever.',
      'ship();',
      'Days off',
      'Tom &amp; Jerry',
    ])
      expect(description).toContain(text);
    expect(description).toContain('<ul><li><p>First</p></li>');
    expect(description).toContain('<h5>Small print</h5>');
    expect(description).not.toMatch(/img|iframe|youtube|maps\.example/);
  });
});

describe('content images', () => {
  it('gives each image of a job page and of a page (posts share its template) an alt: the asset’s title, else empty', async () => {
    for (const html of [
      await render(jobPage, { slug: edge.rich!.slug }),
      await render(customPage, { page: 'office' }),
    ]) {
      const images = imagesOf(html);
      expect(images.length).toBeGreaterThanOrEqual(2);
      for (const image of images) expect(image).toMatch(/\balt="/);
      expect(images).toContain(`<img src="${office.url}" alt="Our Lisbon office" />`);
      expect(images).toContain(`<img src="${EXTERNAL_IMAGE}" alt="" />`);
    }
    // An asset titled only by its file name describes nothing.
    expect(imagesOf(await render(jobPage, { slug: edge.rich!.slug }))).toContain(
      `<img src="${untitled.url}" alt="" />`,
    );
  });
});

describe('the Indeed feed of the same board', () => {
  it('passes Indeed’s reference, with Indeed’s job types, ISO dates, region names and apply addresses', async () => {
    const xml = await new Response(indeedFeed(await getDb(), org, BOARD, org.name, NOW)).text();
    expect(checkIndeedFeed(xml)).toEqual([]);
    const job = (name: string) => {
      const at = xml.indexOf(`<referencenumber><![CDATA[${edge[name]!.id}]]>`);
      return xml.slice(xml.lastIndexOf('<job>', at), xml.indexOf('</job>', at));
    };
    expect(job('byMail')).toContain('<email><![CDATA[jobs@markup.example]]></email>');
    expect(job('noCurrency')).toContain('<salary><![CDATA[]]></salary>');
    expect(job('hourly')).toContain('<salary><![CDATA[25-31.5 CHF per hour]]></salary>');
    expect(job('hybridCity')).toContain('<state><![CDATA[Lisbon]]></state>');
    expect(job('rich')).toContain('Tom & Jerry say ＜hi>.');
    expect(xml).not.toContain(edge.expired!.id);
  });
});
