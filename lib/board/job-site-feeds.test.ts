// The LinkedIn and ZipRecruiter XML feeds and the JSON Feed, read as their readers read them: parsed
// (an XML parser against the partner's field list, JSON.parse and the JSON Feed schema), only live
// jobs, only the teaser of a job behind the paywall, and any text back exactly as it was written.
import { DOMParser } from '@xmldom/xmldom';
import { eq } from 'drizzle-orm';
import { decodeHTML } from 'entities';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs as jobsTable, type Organization } from '@/db/schema';
import { commitLocation } from '@/lib/geo/service';
import { putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob } from '@/test/factories';
import { jobsJsonFeed } from './feeds';
import { indeedFeed } from './indeed-feed';
import { checkJobFeed, LINKEDIN_FEED_SPEC, ZIPRECRUITER_FEED_SPEC } from './job-feed-schema';
import { linkedinFeed } from './linkedin-feed';
import { jsonFeedSchema } from './schemas';
import { ziprecruiterFeed } from './ziprecruiter-feed';

const BOARD = 'https://jobs.example.org';
const NOW = new Date('2026-11-20T10:00:00.000Z');
const HOUR = 3_600_000;

const text = (body: ReadableStream<Uint8Array>) => new Response(body).text();

/** What a reader shows of HTML: its text, entities decoded. */
const htmlText = (html: string) => decodeHTML(html.replace(/<[^>]*>/g, ''));

type Values = Record<string, string> & { salaries?: string };

/** The feed's jobs as { element: text }, read with an XML parser; `salaries` as its inner XML. */
function jobsOf(xml: string): Values[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return Array.from(doc.getElementsByTagName('job')).map((job) =>
    Object.fromEntries(
      Array.from(job.childNodes)
        .filter((node) => node.nodeType === 1)
        .map((node) => [
          node.nodeName,
          node.nodeName === 'salaries'
            ? Array.from(node.childNodes)
                .map((child) => child.toString())
                .join('')
            : (node.textContent ?? ''),
        ]),
    ),
  );
}

const feeds = {
  linkedin: async (db: Awaited<ReturnType<typeof getDb>>, org: Organization, name = 'Jobs') =>
    text(linkedinFeed(db, org, BOARD, name, NOW)),
  ziprecruiter: async (db: Awaited<ReturnType<typeof getDb>>, org: Organization, name = 'Jobs') =>
    text(ziprecruiterFeed(db, org, BOARD, name, NOW)),
};

/** A board with one job of each kind the feeds treat differently. */
async function edgeCaseBoard() {
  const tenant = await createTenant({ name: 'Café & Co <Jobs>' });
  const org = tenant.organization as Organization;
  const db = await getDb();
  const lisbon = await commitLocation(db, org.id, { query: 'Lisbon', country: 'PT' });
  const remoteGermany = await commitLocation(db, org.id, { query: 'Remote (Germany)' });
  let age = 10;
  const job = (fields: Parameters<typeof createTestJob>[1]) =>
    createTestJob(org.id, { published_at: new Date(NOW.getTime() - age-- * HOUR), ...fields });
  const jobs = {
    lisbon: await job({
      title: 'Barista',
      workplace_type: 'hybrid',
      location_id: lisbon.id,
      location: 'Rua Augusta 100, 1100-053 Lisbon',
      job_type: 'full-time',
      salary_min: 1200,
      salary_max: 1500,
      salary_currency: 'EUR',
      salary_period: 'monthly',
      expires_at: new Date(NOW.getTime() + 30 * 86_400_000),
      categories: ['Hospitality', 'Food & Drink'],
    }),
    remote: await job({
      title: 'Remote support',
      is_remote: true,
      location_id: remoteGermany.id,
      job_type: 'contract',
    }),
    intern: await job({
      title: 'Summer intern',
      job_type: 'internship',
      location: 'Springfield',
      salary_min: 18.5,
      salary_currency: 'USD',
      salary_period: 'hourly',
    }),
    nowhere: await job({ title: 'Operations lead', job_type: 'volunteer' }),
    hostile: await job({
      title: 'Café <Barista> & Co ]]> "quoted" \u0001 ünïcödé 🎉',
      company_name: 'Acme ]]><job>x</job> & Söhne',
      description: 'Tom & Jerry say "hi", it’s a < b and c > d.\n\nText with ]]> inside.',
      job_type: 'part-time',
    }),
  };
  return { db, org, jobs };
}

describe('the LinkedIn feed', () => {
  it('passes LinkedIn’s field list, with its values for every kind of job', async () => {
    const { db, org, jobs } = await edgeCaseBoard();
    const xml = await feeds.linkedin(db, org, org.name);
    expect(checkJobFeed(xml, LINKEDIN_FEED_SPEC)).toEqual([]);
    expect(xml).toContain('<lastBuildDate>Fri, 20 Nov 2026 10:00:00 GMT</lastBuildDate>');
    expect(xml).toContain('<publisher><![CDATA[Café & Co <Jobs>]]></publisher>');
    const feed = jobsOf(xml);
    expect(feed).toHaveLength(Object.keys(jobs).length);
    const of = (job: { id: string }) => feed.find((each) => each.partnerJobId === job.id)!;

    expect(of(jobs.lisbon)).toMatchObject({
      title: 'Barista',
      applyUrl: `${BOARD}/jobs/${jobs.lisbon.slug}/apply`,
      location: 'Lisbon, Lisbon, PT',
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'PT',
      postalCode: '1100-053',
      workplaceTypes: 'Hybrid',
      jobtype: 'FULL_TIME',
      expirationDate: '2026-12-20T10:00:00Z',
      salaries:
        '<salary><highEnd><amount><![CDATA[1500]]></amount><currencyCode><![CDATA[EUR]]></currencyCode></highEnd><lowEnd><amount><![CDATA[1200]]></amount><currencyCode><![CDATA[EUR]]></currencyCode></lowEnd><period><![CDATA[MONTHLY]]></period><type><![CDATA[BASE_SALARY]]></type></salary>',
    });
    expect(of(jobs.lisbon)).not.toHaveProperty('experienceLevel');
    expect(of(jobs.remote)).toMatchObject({ location: 'DE', country: 'DE', workplaceTypes: 'Remote' });
    expect(of(jobs.remote)).not.toHaveProperty('city');
    expect(of(jobs.intern)).toMatchObject({
      location: 'Springfield',
      city: 'Springfield',
      workplaceTypes: 'On-site',
      jobtype: 'INTERNSHIP',
      experienceLevel: 'INTERNSHIP',
    });
    // Only the low end is given: no high end is made up.
    expect(of(jobs.intern).salaries).toBe(
      '<salary><lowEnd><amount><![CDATA[18.5]]></amount><currencyCode><![CDATA[USD]]></currencyCode></lowEnd><period><![CDATA[HOURLY]]></period><type><![CDATA[BASE_SALARY]]></type></salary>',
    );
    expect(of(jobs.nowhere)).toMatchObject({ jobtype: 'VOLUNTEER', workplaceTypes: 'On-site' });
    for (const tag of ['location', 'city', 'country', 'salaries', 'experienceLevel', 'industryCodes'])
      expect(of(jobs.nowhere), tag).not.toHaveProperty(tag);
  });
});

describe('the ZipRecruiter feed', () => {
  it('passes ZipRecruiter’s field list, with the salary as text and as its parts', async () => {
    const { db, org, jobs } = await edgeCaseBoard();
    const xml = await feeds.ziprecruiter(db, org, org.name);
    expect(checkJobFeed(xml, ZIPRECRUITER_FEED_SPEC)).toEqual([]);
    expect(xml).toContain('<publisherurl><![CDATA[https://jobs.example.org]]></publisherurl>');
    const feed = jobsOf(xml);
    expect(feed).toHaveLength(Object.keys(jobs).length);
    const of = (job: { id: string }) => feed.find((each) => each.referencenumber === job.id)!;

    expect(of(jobs.lisbon)).toMatchObject({
      url: `${BOARD}/jobs/${jobs.lisbon.slug}`,
      date: '2026-11-20T00:00:00Z',
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'PT',
      postalcode: '1100-053',
      jobtype: 'Full-Time',
      salary: '1200-1500 EUR per month',
      compensation_min: '1200',
      compensation_max: '1500',
      compensation_interval: 'monthly',
      compensation_currency: 'EUR',
      remote: 'false',
      category: 'Hospitality',
    });
    expect(of(jobs.remote)).toMatchObject({ country: 'DE', jobtype: 'Contract', remote: 'true' });
    expect(of(jobs.intern)).toMatchObject({
      jobtype: 'Internship',
      salary: '18.5 USD per hour',
      compensation_min: '18.5',
      compensation_interval: 'hourly',
    });
    expect(of(jobs.intern)).not.toHaveProperty('compensation_max');
    // No ZipRecruiter value for volunteer work: the element is left out rather than claiming one.
    expect(of(jobs.nowhere)).not.toHaveProperty('jobtype');
    expect(of(jobs.nowhere)).not.toHaveProperty('salary');
  });
});

describe('all three feeds', () => {
  it('give text back exactly as written: markup characters, quotes, `]]>`, emoji; control characters dropped', async () => {
    const { db, org, jobs } = await edgeCaseBoard();
    const title = 'Café <Barista> & Co ]]> "quoted"  ünïcödé 🎉';
    const company = 'Acme ]]><job>x</job> & Söhne';
    const description = 'Tom & Jerry say "hi", it’s a < b and c > d.Text with ]]> inside.';
    for (const [name, spec, id] of [
      ['linkedin', LINKEDIN_FEED_SPEC, 'partnerJobId'],
      ['ziprecruiter', ZIPRECRUITER_FEED_SPEC, 'referencenumber'],
    ] as const) {
      const xml = await feeds[name](db, org);
      expect(checkJobFeed(xml, spec), name).toEqual([]);
      const hostile = jobsOf(xml).find((job) => job[id] === jobs.hostile.id)!;
      expect(hostile.title, name).toBe(title);
      expect(hostile.company, name).toBe(company);
      expect(htmlText(hostile.description!), name).toBe(description);
      // The company's `<job>` stayed text: one job element per job.
      expect(jobsOf(xml), name).toHaveLength(Object.keys(jobs).length);
    }
    const raw = await jobsJsonFeed(db, org, BOARD, org.name);
    const feed = jsonFeedSchema.parse(JSON.parse(raw));
    const item = feed.items.find((each) => each.id === jobs.hostile.id)!;
    expect(item).toMatchObject({ title, authors: [{ name: company }] });
    expect(htmlText(item.content_html)).toBe(description);
    expect(feed.title).toBe('Café & Co <Jobs>: latest jobs');
    expect(raw).not.toMatch(/\\u00[01][0-9a-f]/i);
  });

  it('carry only live jobs of this board: no draft, pending, unpaid or expired job, nor another board’s', async () => {
    const tenant = await createTenant();
    const org = tenant.organization as Organization;
    const db = await getDb();
    const live = await createTestJob(org.id, { title: 'Live barista' });
    const absent = [
      await createTestJob(org.id, { title: 'Draft barista', status: 'draft' }),
      await createTestJob(org.id, { title: 'Pending barista', status: 'pending' }),
      await createTestJob(org.id, { title: 'Expired barista', status: 'expired' }),
      await createTestJob(org.id, {
        title: 'Past expiry barista',
        expires_at: new Date(Date.now() - 60_000),
      }),
    ];
    const unpaid = await createTestJob(org.id, { title: 'Unpaid barista' });
    await db.update(jobsTable).set({ status: 'pending_payment' }).where(eq(jobsTable.id, unpaid.id));
    absent.push(unpaid);
    const other = await createTenant();
    absent.push(await createTestJob(other.organization.id, { title: 'Another board’s barista' }));

    const outputs = {
      linkedin: await feeds.linkedin(db, org),
      ziprecruiter: await feeds.ziprecruiter(db, org),
      indeed: await text(indeedFeed(db, org, BOARD, 'Jobs', NOW)),
      json: await jobsJsonFeed(db, org, BOARD, 'Jobs'),
    };
    expect(jobsOf(outputs.linkedin).map((job) => job.partnerJobId)).toEqual([live.id]);
    expect(jobsOf(outputs.ziprecruiter).map((job) => job.referencenumber)).toEqual([live.id]);
    expect(jobsOf(outputs.indeed).map((job) => job.referencenumber)).toEqual([live.id]);
    expect(jsonFeedSchema.parse(JSON.parse(outputs.json)).items.map((item) => item.id)).toEqual([live.id]);
    for (const [name, output] of Object.entries(outputs))
      for (const job of absent) {
        expect(output, `${name}: ${job.title}`).not.toContain(job.id);
        expect(output, `${name}: ${job.title}`).not.toContain(job.title);
      }
  });

  it('carry only the teaser of a job behind the paywall, and no apply address while applying is for subscribers', async () => {
    const { organization } = await createTenant();
    const org = organization as Organization;
    const db = await getDb();
    await putPaymentSettings(db, org.id, {
      provider: 'local',
      paywall: { jobs_preview_count: 1, apply: true, members_only_posts: false },
    });
    const opening = 'Brew and serve. '.repeat(12);
    const gated = await createTestJob(org.id, {
      title: 'Older barista',
      description: `${opening}GATED-MARKER`,
      published_at: new Date(Date.now() - 2 * 86_400_000),
      how_to_apply_method: 'email',
      how_to_apply: 'hire-MARKER@example.org',
    });
    const open = await createTestJob(org.id, {
      title: 'Newest barista',
      description: `${opening}OPEN-MARKER`,
      published_at: new Date(Date.now() - 86_400_000),
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://apply.example/OPEN-APPLY-MARKER',
    });
    const teaser = /^<p>Brew and serve\. .*…<\/p>$/;
    const descriptions = (xml: string, id: string) =>
      Object.fromEntries(jobsOf(xml).map((job) => [job[id], job.description]));
    for (const [xml, id] of [
      [await feeds.linkedin(db, org), 'partnerJobId'],
      [await feeds.ziprecruiter(db, org), 'referencenumber'],
    ] as const) {
      expect(descriptions(xml, id)[open.id]).toContain('OPEN-MARKER');
      expect(descriptions(xml, id)[gated.id]).toMatch(teaser);
      expect(xml).not.toContain('GATED-MARKER');
      expect(xml).not.toContain('MARKER@example.org');
      expect(xml).not.toContain('OPEN-APPLY-MARKER');
    }
    const json = await jobsJsonFeed(db, org, BOARD, 'Jobs');
    const items = jsonFeedSchema.parse(JSON.parse(json)).items;
    expect(items.find((item) => item.id === open.id)?.content_html).toContain('OPEN-MARKER');
    expect(items.find((item) => item.id === gated.id)?.content_html).toMatch(teaser);
    expect(json).not.toContain('GATED-MARKER');
    expect(json).not.toContain('MARKER@example.org');
  });
});

describe('the JSON Feed', () => {
  it('is JSON Feed 1.1: newest first, categories as tags, the company as author, dates in RFC 3339', async () => {
    const { db, org, jobs } = await edgeCaseBoard();
    const feed = jsonFeedSchema.parse(JSON.parse(await jobsJsonFeed(db, org, BOARD, org.name)));
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      home_page_url: BOARD,
      feed_url: `${BOARD}/feed.json`,
      language: 'en-US',
    });
    expect(feed.items.map((item) => item.id)).toEqual(
      [jobs.hostile, jobs.nowhere, jobs.intern, jobs.remote, jobs.lisbon].map((job) => job.id),
    );
    const lisbon = feed.items.at(-1)!;
    expect(lisbon).toMatchObject({
      url: `${BOARD}/jobs/${jobs.lisbon.slug}`,
      title: 'Barista',
      date_published: '2026-11-20T00:00:00.000Z',
      tags: ['Hospitality', 'Food & Drink'],
      authors: [{ name: 'Acme' }],
    });
    expect(Date.parse(lisbon.date_modified)).toBeGreaterThan(Date.parse(lisbon.date_published));
    expect(feed.items.find((item) => item.id === jobs.nowhere.id)?.tags).toEqual([]);
  });

  it('the schema refuses what is not JSON Feed 1.1', () => {
    const wrong = {
      version: 'https://jsonfeed.org/version/1',
      title: '',
      home_page_url: '/relative',
      feed_url: 'https://x.example/feed.json',
      description: '',
      language: 'en',
      items: [{ id: '', url: 'x', title: 't', content_html: '', date_published: 'yesterday', extra: 1 }],
    };
    const paths = jsonFeedSchema
      .safeParse(wrong)
      .error?.issues.map((issue) => issue.path.join('.') || issue.code)
      .sort();
    expect(paths).toEqual(
      [
        'home_page_url',
        'items.0',
        'items.0.authors',
        'items.0.date_modified',
        'items.0.date_published',
        'items.0.id',
        'items.0.tags',
        'items.0.url',
        'title',
        'version',
      ].sort(),
    );
  });
});

describe('the field lists', () => {
  it('refuse a feed that breaks them, so a passing feed means something', () => {
    const broken = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<source><publisher><![CDATA[A]]></publisher><publisherURL><![CDATA[/x]]></publisherURL><lastBuildDate>now</lastBuildDate>',
      '<job><partnerJobId><![CDATA[1]]></partnerJobId><company>Plain text</company><title><![CDATA[T]]></title>',
      '<description><![CDATA[d]]></description><applyUrl><![CDATA[https://x.example/a]]></applyUrl>',
      '<workplaceTypes><![CDATA[Remote]]></workplaceTypes><jobtype><![CDATA[full-time]]></jobtype><shoesize><![CDATA[9]]></shoesize>',
      '<salaries><salary><highEnd><amount><![CDATA[lots]]></amount></highEnd></salary></salaries></job>',
      '<job><partnerJobId><![CDATA[1]]></partnerJobId><company><![CDATA[C]]></company><title><![CDATA[T]]></title>',
      '<title><![CDATA[T2]]></title><applyUrl><![CDATA[https://x.example/a]]></applyUrl><workplaceTypes><![CDATA[Office]]></workplaceTypes></job>',
      '</source>',
    ].join('');
    expect(checkJobFeed(broken, LINKEDIN_FEED_SPEC)).toEqual([
      'feed: <publisherURL> "/x" is not of the form /^https?:\\/\\/\\S+$/',
      'job 1 (1): <company> holds something other than CDATA',
      'job 1 (1): <jobtype> "full-time" is not one of FULL_TIME, PART_TIME, CONTRACT, INTERNSHIP, TEMPORARY, VOLUNTEER, OTHER',
      "job 1 (1): <shoesize> is no element of LinkedIn's feed",
      'job 1 (1) <salaries> <salary>: <type> is missing or empty',
      'job 1 (1) <salaries> <salary> <highEnd>: <amount> "lots" is not of the form /^\\d+(?:\\.\\d+)?$/',
      'job 2 (1): <title> appears 2 times',
      'job 2 (1): <description> is missing or empty',
      'job 2 (1): <workplaceTypes> "Office" is not one of On-site, Hybrid, Remote',
      "job 2 (1): partnerJobId repeats job 1's",
    ]);
    expect(checkJobFeed('<source><job>', ZIPRECRUITER_FEED_SPEC)[0]).toMatch(/XML declaration/);
    expect(checkJobFeed('<?xml version="1.0" encoding="UTF-8"?><jobs/>', ZIPRECRUITER_FEED_SPEC)).toEqual([
      'feed: the root element is not <source>',
    ]);
  });
});
