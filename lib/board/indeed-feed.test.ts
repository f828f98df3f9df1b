import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { commitLocation } from '@/lib/geo/service';
import { putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob } from '@/test/factories';
import { entityFreeHtml, entityFreeText, indeedFeed } from './indeed-feed';
import { checkIndeedFeed, JOB_ELEMENT_RULES } from './indeed-feed-schema';

const BOARD = 'https://jobs.example.org';
const NOW = new Date('2026-11-20T10:00:00.000Z');

const text = (body: ReadableStream<Uint8Array>) => new Response(body).text();

/** The feed's jobs as { element: value }, read with an XML parser. */
function jobsOf(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return Array.from(doc.getElementsByTagName('job')).map((job) =>
    Object.fromEntries(
      Array.from(job.childNodes)
        .filter((node) => node.nodeType === 1)
        .map((node) => [node.nodeName, node.textContent ?? '']),
    ),
  );
}

/** A board holding the jobs that have broken feeds before, one of each kind. */
async function edgeCaseBoard() {
  const tenant = await createTenant({ name: 'Café & Co <Jobs>' });
  const org = tenant.organization as Organization;
  const db = await getDb();
  // Every job but the newest is behind the paywall: the feed shows what an anonymous visitor sees.
  await putPaymentSettings(db, org.id, {
    provider: 'local',
    paywall: { jobs_preview_count: 7, apply: false, members_only_posts: false },
  });
  const lisbon = await commitLocation(db, org.id, { query: 'Lisbon', country: 'PT' });
  const remoteGermany = await commitLocation(db, org.id, { query: 'Remote (Germany)' });
  let age = 10;
  const job = (fields: Parameters<typeof createTestJob>[1]) =>
    createTestJob(org.id, { published_at: new Date(NOW.getTime() - age-- * 3_600_000), ...fields });
  const gated = await job({
    title: 'Gated barista',
    description: `${'Brew and serve. '.repeat(12)}GATED-MARKER & more`,
    how_to_apply_method: 'email',
    how_to_apply: 'gated@example.org',
  });
  const jobs = {
    gated,
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
      category: 'Hospitality',
    }),
    remote: await job({
      title: 'Remote support',
      is_remote: true,
      location_id: remoteGermany.id,
      job_type: 'contract',
    }),
    nowhere: await job({ title: 'Operations lead', job_type: 'volunteer' }),
    entities: await job({
      title: 'R&D lead &amp; AT&T fan',
      description:
        'Tom & Jerry say "hi", it’s a < b and c > d.\n\nTyped: &lt;b&gt; &copy2026 <script>x</script> ünïcödé',
      job_type: 'part-time',
    }),
    cdata: await job({
      title: 'Breaks ]]> out',
      description: 'Text with ]]> inside and ]]]]> twice.',
      company_name: 'Acme ]]> Ltd',
      job_type: 'seasonal',
    }),
    email: await job({
      title: 'Mail us',
      how_to_apply_method: 'email',
      how_to_apply: 'jobs@example.org',
      salary_min: 90_000,
      salary_currency: 'CHF',
      salary_period: 'yearly',
      job_type: 'internship',
    }),
    textPlace: await job({ title: 'Springfield clerk', location: 'Springfield', job_type: 'temporary' }),
  };
  return { org, jobs };
}

describe('the Indeed feed', () => {
  it('passes the schema written from Indeed’s reference, for every edge-case job', async () => {
    const { org, jobs } = await edgeCaseBoard();
    const xml = await text(indeedFeed(await getDb(), org, BOARD, org.name, NOW));
    expect(checkIndeedFeed(xml)).toEqual([]);
    const feed = jobsOf(xml);
    expect(feed).toHaveLength(Object.keys(jobs).length);
    const byId = new Map(feed.map((job) => [job.referencenumber, job]));
    const of = (created: { id: string }) => byId.get(created.id)!;

    // Every job carries its id as the requisition id, and its dates in ISO 8601.
    for (const job of feed) {
      expect(job.requisitionid).toBe(job.referencenumber);
      expect(job.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(xml).toContain('<lastBuildDate>2026-11-20T10:00:00Z</lastBuildDate>');

    // Region names, countries from the place, Indeed's job types.
    expect(of(jobs.lisbon)).toMatchObject({
      remotetype: 'Hybrid remote',
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'PT',
      jobtype: 'fulltime',
      salary: '1200-1500 EUR per month',
      category: 'Hospitality',
      expirationdate: '2026-12-20T10:00:00Z',
      postalcode: '1100-053',
      streetaddress: 'Rua Augusta 100',
      email: '',
    });
    expect(of(jobs.remote)).toMatchObject({
      city: '',
      country: 'DE',
      remotetype: 'Fully remote',
      jobtype: 'contract',
    });
    expect(of(jobs.nowhere)).toMatchObject({ city: '', state: '', country: '', jobtype: '' });
    expect(of(jobs.nowhere)).not.toHaveProperty('remotetype');
    expect(of(jobs.textPlace)).toMatchObject({ city: 'Springfield', country: '', jobtype: 'temporary' });

    // No entity anywhere: characters as themselves, markup-looking text kept from reading as markup.
    const entities = of(jobs.entities);
    expect(entities.title).toBe('R&D lead ＆amp; AT&T fan');
    expect(entities.jobtype).toBe('parttime');
    expect(entities.description).toContain('Tom & Jerry say "hi", it’s a < b and c > d.');
    expect(entities.description).toContain('ünïcödé');
    expect(entities.description).not.toMatch(/&(?:[a-z]+|#\d+);/i);
    expect(entities.description).not.toContain('<script');

    // `]]>` stays text, in CDATA.
    expect(of(jobs.cdata)).toMatchObject({
      title: 'Breaks ]]> out',
      company: 'Acme ]]> Ltd',
      jobtype: 'temporary',
    });
    expect(of(jobs.cdata).description).toContain('Text with ]]> inside and ]]]]> twice.');

    // E-mail where the job takes applications by mail; the gated job shows its teaser and no address.
    expect(of(jobs.email)).toMatchObject({
      email: 'jobs@example.org',
      salary: '90000 CHF per year',
      jobtype: 'internship',
    });
    expect(of(jobs.gated).description).toMatch(/^<p>Brew and serve\. .*…<\/p>$/);
    expect(of(jobs.gated).description).not.toContain('GATED-MARKER');
    expect(of(jobs.gated).email).toBe('');
  });

  it('keeps a board’s apply address out of the feed while applying is for subscribers', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    await putPaymentSettings(db, organization.id, {
      provider: 'local',
      paywall: { jobs_preview_count: null, apply: true, members_only_posts: false },
    });
    await createTestJob(organization.id, { how_to_apply_method: 'email', how_to_apply: 'hire@example.org' });
    const xml = await text(indeedFeed(db, organization as Organization, BOARD, 'Jobs', NOW));
    expect(checkIndeedFeed(xml)).toEqual([]);
    expect(jobsOf(xml)[0]!.email).toBe('');
    expect(xml).not.toContain('hire@example.org');
  });

  it('the schema refuses what the feed used to send: RFC 1123 dates, region codes, entities, no requisitionid', () => {
    const old = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<source><publisher>A &amp; B</publisher><lastBuildDate>Fri, 20 Nov 2026 10:00:00 GMT</lastBuildDate>',
      '<job><title><![CDATA[Barista]]></title><date><![CDATA[Fri, 20 Nov 2026 10:00:00 GMT]]></date>',
      '<referencenumber><![CDATA[1]]></referencenumber><url><![CDATA[https://x.example/jobs/a]]></url>',
      '<company><![CDATA[Acme]]></company><state><![CDATA[11]]></state><country><![CDATA[PT]]></country>',
      '<description><![CDATA[<p>Tom &amp; Jerry</p>]]></description><jobtype><![CDATA[full-time]]></jobtype>',
      '<salary>plain text</salary><shoesize><![CDATA[9]]></shoesize></job>',
      '<job><title><![CDATA[Again]]></title><date><![CDATA[2026-11-20T10:00:00Z]]></date>',
      '<referencenumber><![CDATA[1]]></referencenumber><requisitionid><![CDATA[1]]></requisitionid>',
      '<url><![CDATA[/jobs/b]]></url><company><![CDATA[Acme]]></company><description><![CDATA[x]]></description>',
      '<email><![CDATA[not-an-address]]></email><expirationdate><![CDATA[2026-11-19T10:00:00Z]]></expirationdate></job>',
      '</source>',
    ].join('');
    const problems = checkIndeedFeed(old).map(({ where, problem }) => `${where}: ${problem}`);
    expect(problems).toEqual([
      'feed: entity &amp; in the markup',
      'feed: lastBuildDate "Fri, 20 Nov 2026 10:00:00 GMT" is not ISO 8601',
      'job 1 (1): <date> "Fri, 20 Nov 2026 10:00:00 GMT": not an ISO 8601 date and time',
      'job 1 (1): <state> "11": the region code "11" of PT, not its name',
      'job 1 (1): <description> holds an HTML entity',
      'job 1 (1): <jobtype> "full-time": not one of fulltime, parttime, contract, internship, temporary',
      'job 1 (1): <salary> holds something other than CDATA',
      'job 1 (1): <shoesize> is no element of the reference',
      'job 1 (1): <requisitionid> is missing or empty',
      'job 2 (1): <url> "/jobs/b": not an absolute http(s) URL',
      'job 2 (1): <email> "not-an-address": not an e-mail address',
      'job 2 (1): <expirationdate> "2026-11-19T10:00:00Z": not after <date>',
      "job 2 (1): referencenumber repeats job 1's",
    ]);
    // Every rule names where in the reference it comes from.
    for (const rule of JOB_ELEMENT_RULES)
      expect(rule.source).toMatch(/docs\.indeed\.com\/indeed-apply\/xml-feed/);
    expect(checkIndeedFeed('<source><job>')[0]?.problem).toMatch(/XML declaration/);
  });

  it('writes HTML and text with no entity, and nothing that reads as new markup', () => {
    expect(
      entityFreeHtml(
        '<p>Tom &amp; Jerry &lt;b&gt; 5 &gt; 3 &amp;lt; &#169;</p><br><img src="a.png" alt="x &quot;y&quot;">',
      ),
    ).toBe(`<p>Tom & Jerry ＜b> 5 > 3 ＆lt; ©</p><br><img src="a.png" alt='x "y"'>`);
    expect(entityFreeHtml('<a href="https://x.example/?a=1&amp;b=2">a &lt; b</a>')).toBe(
      '<a href="https://x.example/?a=1&b=2">a < b</a>',
    );
    expect(entityFreeText('AT&T &copy2026 &amp; <b>')).toBe('AT&T ＆copy2026 ＆amp; <b>');
  });
});
