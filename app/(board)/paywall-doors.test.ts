// The paywall's doors as one table: every output a visitor can get from a board (pages with their
// RSC payload, JSON-LD and meta tags, search, feeds, sitemap, the apply route, alert mails, the
// public CMS API) is read in-process as an anonymous visitor, after a subscriber has read them all
// (warming every cache), and must not carry what the paywall hides: marked strings in the hidden
// part of a gated job, a members-only post and a gated CMS collection. The subscriber does read
// the markers, so the table cannot pass by reading nothing. A new output joins the table, or the
// list of outputs without paywalled content with its reason: the last test reads app/ to see that
// it did.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { createElement, type FunctionComponent, type ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cmsApi from '@/app/api/organization/cms/[slug]/route';
import { getDb } from '@/db/client';
import { locations, mailOutbox, subscriptions } from '@/db/schema';
import { runAlertWorker, subscribeAlert } from '@/lib/alerts';
import { upsertCollection, upsertItem } from '@/lib/cms';
import { upsertCollectionBodySchema, upsertItemBodySchema } from '@/lib/cms/schemas';
import { createCompany } from '@/lib/companies';
import { DAY_MS } from '@/lib/core/time';
import { commitLocation } from '@/lib/geo/service';
import { createMember, createMemberSession, findMember, MEMBER_COOKIE } from '@/lib/members';
import { boardUrl } from '@/lib/organizations';
import { createPageBodySchema } from '@/lib/pages/schemas';
import { createPage } from '@/lib/pages/service';
import { JOB_TEASER_CHARS, putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob, createTestPlan } from '@/test/factories';
import { nextRequest } from '@/test/fixtures/next-request';
import { clientComponents, renderTree, resolveServerTree } from '@/test/server-render';
import * as customPage from './b/[board]/[page]/page';
import * as alertsPage from './b/[board]/alerts/page';
import * as blogPost from './b/[board]/blog/[slug]/page';
import * as blogList from './b/[board]/blog/page';
import * as cmsItem from './b/[board]/c/[collection]/[item]/page';
import * as cmsList from './b/[board]/c/[collection]/page';
import * as categoryPage from './b/[board]/categories/[slug]/page';
import * as companyPage from './b/[board]/companies/[slug]/page';
import * as companies from './b/[board]/companies/page';
import * as widget from './b/[board]/embed/route';
import * as jsonFeed from './b/[board]/feed.json/route';
import * as rss from './b/[board]/feed.xml/route';
import * as applied from './b/[board]/jobs/[slug]/applied/page';
import * as apply from './b/[board]/jobs/[slug]/apply/route';
import * as gone from './b/[board]/jobs/[slug]/gone/page';
import * as jobPage from './b/[board]/jobs/[slug]/page';
import * as linkedinXml from './b/[board]/jobs/linkedin.xml/route';
import * as ziprecruiterXml from './b/[board]/jobs/ziprecruiter.xml/route';
import * as jobsXml from './b/[board]/jobs.xml/route';
import BoardLayout from './b/[board]/layout';
import * as locationPage from './b/[board]/locations/[slug]/page';
import * as home from './b/[board]/page';
import * as pricing from './b/[board]/pricing/page';
import * as remote from './b/[board]/remote/page';
import * as robots from './b/[board]/robots.txt/route';
import * as signIn from './b/[board]/sign-in/page';
import * as sitemap from './b/[board]/sitemap.xml/route';
import * as sitemapChunk from './b/[board]/sitemaps/[file]/route';

// The pages read the visitor's cookies from the shared request, test/fixtures/next-request (`as`
// sets the session or none).
/** Every string the paywall hides carries this; the hidden word is in a gated job's hidden part too. */
const MARKER = 'SECRET-MARKER';
const HIDDEN_WORD = 'quokkanese';
const filler = (length: number) =>
  'Welcome guests through the night and keep the lobby calm. '.repeat(length / 50 + 1);

const BOARD_DIR = 'app/(board)/b/[board]';
const ORGANIZATION_API_DIR = 'app/api/organization';

interface Seeded {
  slug: string;
  gated: { slug: string };
  expired: { slug: string };
  category: string;
  location: string;
  company: string;
  post: string;
  page: string;
  collection: string;
  item: string;
  sessionToken: string;
  /** Alert addresses following the hidden word, and following a word of the gated job's title. */
  hiddenWordAlerts: string[];
  titleAlerts: string[];
}

let seeded: Seeded;
let client: Set<unknown>;

async function seed(): Promise<Seeded> {
  const db = await getDb();
  const { organization } = await createTenant({ name: 'Harbour Jobs' });
  const orgId = organization.id;
  await putPaymentSettings(db, orgId, {
    provider: 'local',
    paywall: { jobs_preview_count: 1, apply: false, members_only_posts: true },
  });
  await createTestPlan(orgId, { name: 'Reader pass', kind: 'paywall' });

  let seekers = 0;
  const follow = async (q: string, frequency: 'instant' | 'daily') => {
    seekers += 1;
    const email = `seeker-${seekers}@example.com`;
    const member = await createMember(db, orgId, { email, name: 'Seeker', role: 'candidate' });
    await subscribeAlert(
      db,
      organization,
      {
        email,
        frequency,
        q,
        category: null,
        job_type: null,
        remote: false,
        location: null,
        salary_min: null,
      },
      { clientAddress: '198.51.100.9', member: { id: member.id, email } },
    );
    return email;
  };
  const hiddenWordAlerts = [await follow(HIDDEN_WORD, 'instant'), await follow(HIDDEN_WORD, 'daily')];
  const titleAlerts = [await follow('night', 'instant'), await follow('night', 'daily')];

  const place = await commitLocation(db, orgId, { query: 'Lisbon', country: 'PT' });
  // The jobs below join it by name.
  const company = await createCompany(db, orgId, { name: 'Grand Hotel' }, boardUrl(organization));
  const job = (
    title: string,
    days: number,
    hidden: string,
    fields: Parameters<typeof createTestJob>[1] = {},
  ) =>
    createTestJob(orgId, {
      title,
      company_name: 'Grand Hotel',
      description: `${filler(JOB_TEASER_CHARS)}${hidden}`,
      location_id: place.id,
      is_remote: true,
      category: 'Hospitality',
      published_at: new Date(Date.now() - days * DAY_MS),
      ...fields,
    });
  // Past the preview of one: only its teaser is for everyone.
  const gated = await job('Night Porter', 3, `Speaks ${HIDDEN_WORD}. ${MARKER}-job`, {
    how_to_apply_method: 'form-external',
    how_to_apply: `https://apply.example/${MARKER}-apply`,
  });
  await job('Day Porter', 1, 'Speaks wallabese. OPEN-job');
  const expired = await job('Old Porter', 5, '', { expires_at: new Date(Date.now() - 60_000) });
  await runAlertWorker(db);
  await runAlertWorker(db, { now: () => new Date(Date.now() + DAY_MS + 60_000) });

  const [placeRow] = await db
    .select({ slug: locations.slug })
    .from(locations)
    .where(eq(locations.id, place.id!));
  const { page: post } = await createPage(
    db,
    orgId,
    createPageBodySchema.parse({
      title: 'Night shifts, told',
      kind: 'blog_post',
      status: 'published',
      members_only: true,
      content: `<p>${filler(600)}</p><p>${MARKER}-post</p>`,
    }),
  );
  const { page } = await createPage(
    db,
    orgId,
    createPageBodySchema.parse({ title: 'About', slug: 'about', status: 'published', content: '<p>Hi</p>' }),
  );
  await upsertCollection(
    db,
    orgId,
    upsertCollectionBodySchema.parse({
      slug: 'guides',
      name: 'Guides',
      visibility: 'gated',
      required_entitlement: 'paywall',
      schema: [
        { name: 'title', type: 'text' },
        { name: 'body', type: 'text' },
      ],
    }),
  );
  const { item } = await upsertItem(
    db,
    orgId,
    'guides',
    upsertItemBodySchema.parse({
      data: { title: 'Night desk guide', body: `${MARKER}-cms` },
      status: 'published',
    }),
  );

  const reader = await createMember(db, orgId, {
    email: 'reader@example.com',
    name: 'Reader',
    role: 'candidate',
  });
  const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'month' });
  await db.insert(subscriptions).values({
    organizationId: orgId,
    userId: reader.id,
    planId: plan.id,
    status: 'active',
    paymentProviderSubscriptionId: `lsub_${reader.id}`,
    currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
  });
  const { token } = await createMemberSession(db, await findMember(db, orgId, reader.id));
  return {
    slug: organization.slug,
    gated,
    expired,
    category: 'hospitality',
    location: placeRow!.slug,
    company: company.slug,
    post: post.slug,
    page: page.slug,
    collection: 'guides',
    item: item.id,
    sessionToken: token,
    hiddenWordAlerts,
    titleAlerts,
  };
}

type Visitor = 'anonymous' | 'subscriber';

function as(who: Visitor) {
  nextRequest.cookies.clear();
  if (who === 'subscriber') nextRequest.cookies.set(MEMBER_COOKIE, seeded.sessionToken);
}

interface PageProps {
  params: Promise<Record<string, string>>;
  searchParams: Promise<Record<string, string>>;
}

/** A page module; each page declares its own params, all of them strings. */
interface PageModule {
  default: (props: any) => Promise<ReactNode> | ReactNode;
  generateMetadata?: (props: any) => Promise<unknown>;
}

interface RenderedPage {
  html: string;
  payload: string;
  jsonLd: string;
  meta: string;
}

/** A board page inside the board's layout, as the App Router renders it for the current visitor. */
async function renderPage(
  page: PageModule,
  params: Record<string, string> = {},
  searchParams: Record<string, string> = {},
): Promise<RenderedPage> {
  const props = {
    params: Promise.resolve({ board: seeded.slug, ...params }),
    searchParams: Promise.resolve(searchParams),
  };
  // Typed without `children`, which follow as JSX passes them.
  const layout = BoardLayout as FunctionComponent<{ params: Promise<{ board: string }> }>;
  const tree = createElement(
    layout,
    { params: props.params },
    createElement(page.default as FunctionComponent<PageProps>, props),
  );
  const { html, payload } = renderTree(await resolveServerTree(tree, client));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => m[1],
  );
  return {
    html,
    payload,
    jsonLd: jsonLd.join('\n'),
    meta: JSON.stringify((await page.generateMetadata?.(props)) ?? null),
  };
}

const whole = async (rendered: Promise<RenderedPage>) => {
  const { html, payload, meta } = await rendered;
  return [html, payload, meta].join('\n');
};

type Handler = (request: NextRequest, context: { params: Promise<any> }) => Promise<Response>;

/** A route handler's answer (status, Location and body) for the current visitor. */
async function callRoute(
  handler: Handler,
  path: string,
  params: Record<string, string> = {},
  init: { method?: string; body?: FormData } = {},
): Promise<string> {
  const headers = new Headers();
  const session = nextRequest.cookies.get(MEMBER_COOKIE);
  if (session) headers.set('cookie', `${MEMBER_COOKIE}=${session}`);
  const response = await handler(new NextRequest(`http://localhost:3000${path}`, { headers, ...init }), {
    params: Promise.resolve({ board: seeded.slug, ...params }),
  });
  return `${response.status} ${response.headers.get('location') ?? ''}\n${await response.text()}`;
}

/** Alert mails queued for `recipients` (all the board's, when none are named). */
async function alertMails(recipients?: string[]): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(
      and(
        like(mailOutbox.kind, 'alert_%'),
        recipients ? inArray(mailOutbox.to, recipients) : like(mailOutbox.to, '%@example.com'),
      ),
    );
  return [`${rows.length} mails`, ...rows.map((row) => Object.values(row).join('\n'))].join('\n\n');
}

interface Door {
  name: string;
  /** The files under app/ whose output this row reads (the completeness test matches them). */
  files: string[];
  read: () => Promise<string>;
  /**
   * What must not be in the answer: the markers by default. A search or an alert for the hidden
   * word echoes the word; what it must not do is name the gated job.
   */
  hidden?: () => string[];
}

const onBoard = (file: string) => `${BOARD_DIR}/${file}`;
const nameOfGatedJob = () => [MARKER, seeded.gated.slug];

const doors: Door[] = [
  {
    name: 'job page: HTML',
    files: [onBoard('jobs/[slug]/page.tsx')],
    read: async () => (await renderPage(jobPage, { slug: seeded.gated.slug })).html,
  },
  {
    name: 'job page: RSC payload (the tree of host elements and client props)',
    files: [onBoard('jobs/[slug]/page.tsx'), onBoard('layout.tsx')],
    read: async () => (await renderPage(jobPage, { slug: seeded.gated.slug })).payload,
  },
  {
    name: 'job page: JSON-LD',
    files: [onBoard('jobs/[slug]/page.tsx')],
    read: async () => (await renderPage(jobPage, { slug: seeded.gated.slug })).jsonLd,
  },
  {
    name: 'job page: meta and Open Graph tags',
    files: [onBoard('jobs/[slug]/page.tsx')],
    read: async () => (await renderPage(jobPage, { slug: seeded.gated.slug })).meta,
  },
  {
    name: 'expired job page (similar jobs)',
    files: [onBoard('jobs/[slug]/gone/page.tsx')],
    read: () => whole(renderPage(gone, { slug: seeded.expired.slug })),
  },
  {
    name: 'application sent page',
    files: [onBoard('jobs/[slug]/applied/page.tsx')],
    read: () => whole(renderPage(applied, { slug: seeded.gated.slug })),
  },
  {
    name: 'apply button (GET /jobs/{slug}/apply)',
    files: [onBoard('jobs/[slug]/apply/route.ts')],
    read: () =>
      callRoute(apply.GET, `/b/${seeded.slug}/jobs/${seeded.gated.slug}/apply`, { slug: seeded.gated.slug }),
  },
  {
    name: 'apply form upload (POST /jobs/{slug}/apply)',
    files: [onBoard('jobs/[slug]/apply/route.ts')],
    read: () =>
      callRoute(
        apply.POST,
        `/b/${seeded.slug}/jobs/${seeded.gated.slug}/apply`,
        { slug: seeded.gated.slug },
        { method: 'POST', body: new FormData() },
      ),
  },
  { name: 'board home', files: [onBoard('page.tsx')], read: () => whole(renderPage(home)) },
  {
    name: 'board search for a word of the hidden part (?q=)',
    files: [onBoard('page.tsx')],
    read: () => whole(renderPage(home, {}, { q: HIDDEN_WORD })),
    hidden: nameOfGatedJob,
  },
  {
    name: 'category page',
    files: [onBoard('categories/[slug]/page.tsx')],
    read: () => whole(renderPage(categoryPage, { slug: seeded.category })),
  },
  {
    name: 'location page',
    files: [onBoard('locations/[slug]/page.tsx')],
    read: () => whole(renderPage(locationPage, { slug: seeded.location })),
  },
  {
    name: 'company page',
    files: [onBoard('companies/[slug]/page.tsx')],
    read: () => whole(renderPage(companyPage, { slug: seeded.company })),
  },
  { name: 'company index', files: [onBoard('companies/page.tsx')], read: () => whole(renderPage(companies)) },
  { name: 'remote jobs page', files: [onBoard('remote/page.tsx')], read: () => whole(renderPage(remote)) },
  {
    name: 'search on a landing page',
    files: [onBoard('remote/page.tsx')],
    read: () => whole(renderPage(remote, {}, { q: HIDDEN_WORD })),
    hidden: nameOfGatedJob,
  },
  { name: 'RSS feed', files: [onBoard('feed.xml/route.ts')], read: () => callRoute(rss.GET, '/feed.xml') },
  {
    name: 'jobs widget (GET /embed), every job and a category’s',
    files: [onBoard('embed/route.ts')],
    read: async () =>
      [
        await callRoute(widget.GET, '/embed?count=50'),
        await callRoute(widget.GET, `/embed?category=${seeded.category}&remote=1`),
      ].join('\n'),
  },
  {
    name: 'Indeed feed',
    files: [onBoard('jobs.xml/route.ts')],
    read: () => callRoute(jobsXml.GET, '/jobs.xml'),
  },
  {
    name: 'JSON feed',
    files: [onBoard('feed.json/route.ts')],
    read: () => callRoute(jsonFeed.GET, '/feed.json'),
  },
  {
    name: 'LinkedIn feed',
    files: [onBoard('jobs/linkedin.xml/route.ts')],
    read: () => callRoute(linkedinXml.GET, '/jobs/linkedin.xml'),
  },
  {
    name: 'ZipRecruiter feed',
    files: [onBoard('jobs/ziprecruiter.xml/route.ts')],
    read: () => callRoute(ziprecruiterXml.GET, '/jobs/ziprecruiter.xml'),
  },
  {
    name: 'sitemap',
    files: [onBoard('sitemap.xml/route.ts')],
    read: () => callRoute(sitemap.GET, '/sitemap.xml'),
  },
  {
    name: 'sitemap chunks',
    files: [onBoard('sitemaps/[file]/route.ts')],
    read: async () =>
      (
        await Promise.all(
          ['0.xml', '1.xml'].map((file) => callRoute(sitemapChunk.GET, `/sitemaps/${file}`, { file })),
        )
      ).join('\n'),
  },
  {
    name: 'robots.txt',
    files: [onBoard('robots.txt/route.ts')],
    read: () => callRoute(robots.GET, '/robots.txt'),
  },
  {
    name: 'alert mails, every one of the board (they echo their search, so the markers only)',
    files: [],
    read: () => alertMails(),
    hidden: () => [MARKER],
  },
  {
    name: 'alert mails (instant and digest) for a word of the hidden part',
    files: [],
    read: () => alertMails(seeded.hiddenWordAlerts),
    hidden: nameOfGatedJob,
  },
  { name: 'job alert form', files: [onBoard('alerts/page.tsx')], read: () => whole(renderPage(alertsPage)) },
  { name: 'blog', files: [onBoard('blog/page.tsx')], read: () => whole(renderPage(blogList)) },
  {
    name: 'members-only blog post: HTML, RSC payload, JSON-LD, meta',
    files: [onBoard('blog/[slug]/page.tsx')],
    read: () => whole(renderPage(blogPost, { slug: seeded.post })),
  },
  {
    name: 'custom page (and the layout’s links)',
    files: [onBoard('[page]/page.tsx')],
    read: () => whole(renderPage(customPage, { page: seeded.page })),
  },
  {
    name: 'gated CMS collection',
    files: [onBoard('c/[collection]/page.tsx')],
    read: () => whole(renderPage(cmsList, { collection: seeded.collection })),
  },
  {
    name: 'gated CMS item',
    files: [onBoard('c/[collection]/[item]/page.tsx')],
    read: () => whole(renderPage(cmsItem, { collection: seeded.collection, item: seeded.item })),
  },
  {
    name: 'public CMS API (GET /api/organization/cms/{slug}, no key)',
    files: [`${ORGANIZATION_API_DIR}/cms/[slug]/route.ts`],
    read: () =>
      callRoute(
        cmsApi.GET as unknown as Handler,
        `/api/organization/cms/guides?organization=${seeded.slug}`,
        {
          slug: seeded.collection,
        },
      ),
  },
  { name: 'pricing', files: [onBoard('pricing/page.tsx')], read: () => whole(renderPage(pricing)) },
  { name: 'sign-in', files: [onBoard('sign-in/page.tsx')], read: () => whole(renderPage(signIn)) },
];

/**
 * Outputs that hold no paywalled content, each with the reason. What a member reads of their own
 * (account, checkout, the jobs they post) is theirs; keyed routes are the owner's API.
 */
const withoutPaywalledContent: Record<string, string> = {
  [onBoard('[page]/[...rest]/page.tsx')]: 'every address no route has: always the board’s 404',
  [onBoard('account/page.tsx')]: 'a member’s own account: their subscriptions, payments and posted jobs',
  [onBoard('alerts/confirm/page.tsx')]: 'confirms an alert by a mailed token; names the alert’s search only',
  [onBoard('alerts/manage/page.tsx')]: 'one address’s alerts by a mailed token; their searches only',
  [onBoard('alerts/unsubscribe/[token]/route.ts')]: 'one-click unsubscribe; answers a sentence',
  [onBoard('jobs/[slug]/apply-with-profile/page.tsx')]:
    'a member’s own application before it is sent: their profile, the job’s title and company, as cards show everyone',
  [onBoard('checkout/[session]/page.tsx')]: 'a member’s own checkout: the plan and its price',
  [onBoard('embed.js/route.ts')]: 'the widget snippet’s script: the same constant for every board',
  [onBoard('og/[revision]/[card]/route.ts')]:
    'a share image: draws only the title, company, place and salary a page signed into its URL, as cards show everyone',
  [onBoard('post-a-job/page.tsx')]: 'the job form an employer fills in',
  [onBoard('post-a-job/[id]/page.tsx')]: 'an employer’s own job and its payment status',
  [onBoard('post-a-job/[id]/edit/page.tsx')]: 'an employer’s own job, to edit',
  [onBoard('sign-in/code/page.tsx')]: 'a one-time code form',
  [onBoard('sign-in/verify/page.tsx')]: 'confirms a mailed sign-in link',
  [`${ORGANIZATION_API_DIR}/cms/[slug]/submit/route.ts`]:
    'a visitor’s submission; answers with what they sent',
  [`${ORGANIZATION_API_DIR}/events/route.ts`]: 'analytics beacons; answers without content',
  [`${ORGANIZATION_API_DIR}/payments/webhook/route.ts`]: 'the payment provider’s signed events',
  [`${ORGANIZATION_API_DIR}/route.ts`]: 'keyed: the owner’s API',
  [`${ORGANIZATION_API_DIR}/analytics/route.ts`]: 'keyed: the owner’s API',
  [`${ORGANIZATION_API_DIR}/domain/route.ts`]: 'keyed: the owner’s API',
  [`${ORGANIZATION_API_DIR}/payments/route.ts`]: 'keyed: the owner’s API',
};

beforeAll(async () => {
  client = await clientComponents(['components/board', 'components/ui', 'app/(board)']);
  seeded = await seed();
  // A subscriber reads everything first: nothing they were shown may stay behind for the next visitor.
  as('subscriber');
  for (const door of doors) await door.read();
  as('anonymous');
}, 120_000);

describe('the paywall’s doors', () => {
  it.each(doors.map((door) => [door.name, door] as const))(
    '%s: an anonymous visitor gets no hidden content',
    async (_name, door) => {
      as('anonymous');
      const answer = await door.read();
      expect(answer.length).toBeGreaterThan(0);
      for (const hidden of door.hidden?.() ?? [MARKER, HIDDEN_WORD]) expect(answer).not.toContain(hidden);
    },
  );

  it('lets a subscriber read every marker, so the table reads real content', async () => {
    as('subscriber');
    expect((await renderPage(jobPage, { slug: seeded.gated.slug })).html).toContain(`${MARKER}-job`);
    expect(await whole(renderPage(blogPost, { slug: seeded.post }))).toContain(`${MARKER}-post`);
    expect(await whole(renderPage(cmsItem, { collection: seeded.collection, item: seeded.item }))).toContain(
      `${MARKER}-cms`,
    );
    expect(
      await callRoute(apply.GET, `/b/${seeded.slug}/jobs/${seeded.gated.slug}/apply`, {
        slug: seeded.gated.slug,
      }),
    ).toContain(`${MARKER}-apply`);
    as('anonymous');
    // Search and alerts read descriptions of the jobs everyone reads in full, and titles of the rest.
    expect(await whole(renderPage(home, {}, { q: 'wallabese' }))).toContain('Day Porter');
    expect(await whole(renderPage(home, {}, { q: 'night' }))).toContain(seeded.gated.slug);
    // The widget lists the gated job by title, as every list does.
    expect(await callRoute(widget.GET, '/embed')).toContain(`/jobs/${seeded.gated.slug}`);
    const titleMails = await alertMails(seeded.titleAlerts);
    expect(titleMails.match(new RegExp(`/jobs/${seeded.gated.slug}`, 'g'))?.length).toBeGreaterThanOrEqual(2);
  });

  it('names every output of the board in the table or among those without paywalled content', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const outputs = async (dir: string) =>
      (await readdir(path.join(root, dir), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && /^(page\.tsx|route\.ts)$/.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    const onDisk = [...(await outputs(BOARD_DIR)), ...(await outputs(ORGANIZATION_API_DIR))].sort();
    const named = new Set([...doors.flatMap((door) => door.files), ...Object.keys(withoutPaywalledContent)]);
    expect(onDisk.filter((file) => !named.has(file))).toEqual([]);
    // Nothing is named that is not there, and keyed routes are keyed.
    expect([...named].filter((file) => file !== onBoard('layout.tsx') && !onDisk.includes(file))).toEqual([]);
    for (const [file, reason] of Object.entries(withoutPaywalledContent)) {
      if (reason.startsWith('keyed'))
        expect(await readFile(path.join(root, file), 'utf8'), file).not.toMatch(/auth: 'none'/);
    }
  });
});
