// A board worth crawling, made through the public API with the organization's key: categories,
// places, 30+ jobs of every shape (remote, salaries, expired, draft, deleted, one with a hostile
// title, one behind the paywall carrying secret words), pages and posts (drafts, members-only),
// authors, CMS collections (one gated), local payments with a paywall, plans, and an SVG upload.
// A second organization gets a page whose slug the first board must not answer.
import { randomBytes } from 'node:crypto';
import { api } from './http';
import { pool } from './pool';

type Row = Record<string, unknown> & { id: string };
type One = { data: Row };

export interface Seeded {
  boardUrl: string;
  boardName: string;
  boardSlug: string;
  otherBoardUrl: string;
  /** Words only paying readers may read: none may appear in anything an anonymous visitor gets. */
  secrets: { word: string; where: string /** Where a subscriber reads it. */; url: string }[];
  /** The word of the gated job searched for (`?q=`): it may appear only in answers to URLs holding it. */
  searchWord: string;
  hostileJob: { id: string; title: string; company: string; url: string };
  /** Public addresses the API reports (jobs' `url`, published pages): the crawl must reach them. */
  publicUrls: string[];
  /** Addresses that must answer 404 with the board's own page, and why. */
  mustBeMissing: { url: string; why: string }[];
  /** Expired jobs' pages: 410 with the board's "gone" page. */
  gone: string[];
  svgUrl: string;
  collections: { open: string; gated: string };
  jobCount: number;
  /** The paywall plan's name, as the pricing page shows it. */
  readerPlan: string;
}

/** The CMS collection only paywall subscribers read. */
export const GATED_COLLECTION = 'salary-reports';

const word = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const filler =
  'We build tools that help people find work they care about. The team is small, the problems are real, and the codebase is kind to newcomers. ';

export async function seedBoard(base: string, key: string, otherKey: string): Promise<Seeded> {
  const call = <T = One>(method: string, path: string, body?: unknown) =>
    api<T>(base, key, method, path, body);
  const { data: org } = await call<{ data: { board_url: string; name: string; slug: string } }>(
    'GET',
    '/organization',
  );
  const secrets: Seeded['secrets'] = [];
  const secret = (where: string) => {
    const value = word('crawlsecret');
    secrets.push({ word: value, where, url: '' });
    return value;
  };

  // The SVG upload first: pages show it, and /cdn must serve it under its sandboxed policy.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" fill="#2563eb"/><circle cx="20" cy="20" r="9" fill="#fff"/></svg>';
  const form = new FormData();
  form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'mark.svg');
  form.append('title', 'Crawler mark');
  const { data: asset } = await call<{ data: Row & { url: string } }>('POST', '/assets', form);

  const parents = ['Engineering', 'Design', 'Operations'];
  for (const name of parents) await call('POST', '/categories', { name });
  await call('POST', '/categories', { name: 'Frontend', parent: 'Engineering' });
  await call('POST', '/categories', { name: 'Empty category' });

  // One at a time, once more after a 408: the first lookups load the offline gazetteer, which on a
  // loaded machine has taken longer than the server's 30 s to first byte.
  const place = (query: string) =>
    call<{ data: { id: string } }>('POST', '/locations', { query, create: true }).catch((error: Error) => {
      if (!error.message.includes(' answered 408')) throw error;
      return call<{ data: { id: string } }>('POST', '/locations', { query, create: true });
    });
  const places = await pool(
    ['Berlin', 'Austin, TX', 'Remote (Europe)'].map((query) => () => place(query)),
    1,
  );
  const [berlin, austin, remoteEurope] = places.map((place) => place.data.id);

  // Paywall before the jobs: the newest three live jobs are open, every older one is gated.
  await call('PUT', '/organization/payments', {
    provider: 'local',
    currency: 'EUR',
    paywall: { jobs_preview_count: 3, apply: false, members_only_posts: true },
  });
  await call('POST', '/plans', { name: 'Single job post', kind: 'job_post', amount: 4900 });
  await call('POST', '/plans', { name: 'Reader pass', kind: 'paywall', amount: 900, interval: 'month' });

  const searchWord = word('crawlgate');
  const gatedSecret = secret('the gated job’s description (after its teaser)');
  const hostileTitle = 'Crawl <script>alert(1)</script> ]]> & "quoted" lead';
  const jobTypes = ['full-time', 'part-time', 'contract', 'freelance', 'internship', 'temporary'];
  const categories = ['Engineering', 'Design', 'Operations', 'Frontend'];
  const regular = Array.from({ length: 30 }, (_, index) => ({
    title: `${['Senior', 'Junior', 'Staff', 'Lead', 'Principal'][index % 5]} ${['engineer', 'designer', 'operator', 'analyst', 'writer', 'manager'][index % 6]} ${index + 1}`,
    description: `${filler.repeat(2)}Role number ${index + 1}.`,
    company_name: `Company ${String.fromCharCode(65 + (index % 7))}`,
    status: 'active',
    job_type: jobTypes[index % jobTypes.length],
    is_remote: index % 3 === 0,
    ...(index % 4 === 0 ? { location_id: berlin } : index % 4 === 1 ? { location_id: austin } : {}),
    ...(index % 3 === 0 && index % 2 === 0 ? { location_id: remoteEurope } : {}),
    ...(index % 5 === 0 ? {} : { location: ['Berlin', 'Austin, TX', 'Lisbon', 'Remote'][index % 4] }),
    ...(index % 2 === 0
      ? {
          salary_min: 40_000 + index * 1_000,
          salary_max: 60_000 + index * 1_000,
          salary_currency: 'EUR',
          salary_period: 'yearly',
        }
      : {}),
    category: categories[index % categories.length],
    ...(index % 6 === 0 ? { categories: ['Design', 'Operations'] } : {}),
    featured: index === 7,
    how_to_apply_method: ['form-internal', 'form-external', 'email'][index % 3],
    ...(index % 3 === 1 ? { how_to_apply: 'https://example.com/apply' } : {}),
    ...(index % 3 === 2 ? { how_to_apply: 'jobs@example.com' } : {}),
    company_website: 'https://example.com',
    // Spread over two weeks so the newest three are a known few.
    published_at: days(-1 - (index % 14)),
    expires_at: days(30),
  }));
  const created = await pool(
    regular.map((job) => () => call('POST', '/jobs', job)),
    4,
  );
  const hostile = await call<{ data: Row & { url: string; slug: string } }>('POST', '/jobs', {
    title: hostileTitle,
    description: `<p>Text with a CDATA end ]]> and a <script>alert(2)</script> tag and ]]&gt; too.</p><p>${filler}</p>`,
    company_name: 'Hostile & Co <b>',
    status: 'active',
    category: 'Engineering',
    published_at: days(-20),
    expires_at: days(30),
  });
  const gated = await call<{ data: Row & { url: string } }>('POST', '/jobs', {
    title: 'Gated research engineer',
    description: `${filler}${filler}The secret part starts here: ${searchWord} ${gatedSecret} is what subscribers read.`,
    company_name: 'Paywall GmbH',
    status: 'active',
    category: 'Engineering',
    location_id: berlin,
    published_at: days(-60),
    expires_at: days(30),
  });
  const expiredByDate = await call<{ data: Row & { slug: string } }>('POST', '/jobs', {
    title: 'Expired by its date',
    description: filler,
    company_name: 'Past Ltd',
    status: 'active',
    published_at: days(-40),
    expires_at: days(-1),
  });
  const expiredByEndpoint = await call<{ data: Row & { slug: string } }>('POST', '/jobs', {
    title: 'Expired by the API',
    description: filler,
    company_name: 'Past Ltd',
    status: 'active',
  });
  await call('PATCH', `/jobs/${expiredByEndpoint.data.id}`, { status: 'expired' });
  const draft = await call<{ data: Row & { slug: string } }>('POST', '/jobs', {
    title: 'Draft job never shown',
    description: filler,
    company_name: 'Draft Inc',
    status: 'draft',
  });
  const pending = await call<{ data: Row & { slug: string } }>('POST', '/jobs', {
    title: 'Pending job never shown',
    description: filler,
    company_name: 'Pending Inc',
    status: 'pending',
  });
  const deleted = await call<{ data: Row & { slug: string } }>('POST', '/jobs', {
    title: 'Deleted job',
    description: filler,
    company_name: 'Gone Inc',
    status: 'active',
  });
  await api(base, key, 'DELETE', `/jobs/${deleted.data.id}`);

  const author = await call('POST', '/authors', { name: 'Ada Crawler' });
  const postSecret = secret('the members-only post (after its teaser)');
  const pages = await pool(
    [
      {
        title: 'About this board',
        kind: 'page',
        status: 'published',
        content: `<h2>Who we are</h2><p>${filler}</p><p><img src="${asset.url}" alt="Our mark"></p><p><a href="${new URL(org.board_url).pathname.replace(/\/$/, '')}/blog">Read the blog</a></p>`,
      },
      { title: 'Draft page', kind: 'page', status: 'draft', content: '<p>Not yet.</p>' },
      {
        title: 'First post',
        kind: 'blog_post',
        status: 'published',
        author_id: author.data.id,
        content: `<p>${filler}</p>`,
        published_at: days(-3),
      },
      {
        title: 'Second post',
        kind: 'blog_post',
        status: 'published',
        content: `<p>${filler}</p>`,
        published_at: days(-2),
      },
      {
        title: 'For members only',
        kind: 'blog_post',
        status: 'published',
        members_only: true,
        author_id: author.data.id,
        content: `<p>${filler.repeat(5)}</p><p>The members read on: ${postSecret} and more.</p>`,
        published_at: days(-1),
      },
      { title: 'Draft post', kind: 'blog_post', status: 'draft', content: '<p>Not yet.</p>' },
    ].map(
      (page) => () =>
        call<{ data: Row & { url: string; slug: string; status: string; type: string } }>(
          'POST',
          '/pages',
          page,
        ),
    ),
    3,
  );

  const itemSecret = secret('an item of the gated CMS collection');
  const openCollection = 'events';
  const gatedCollection = GATED_COLLECTION;
  await call('POST', '/cms', {
    slug: openCollection,
    name: 'Events',
    description: 'Meetups and talks.',
    visibility: 'public',
    schema: [
      { name: 'title', type: 'text', required: true },
      { name: 'body', type: 'longtext' },
    ],
  });
  const items = await pool(
    [
      { data: { title: 'Spring meetup', body: filler }, status: 'published' },
      { data: { title: 'Summer talk', body: filler }, status: 'published' },
      { data: { title: 'Draft event', body: filler }, status: 'draft' },
    ].map((item) => () => call<{ item: Row }>('POST', `/cms/${openCollection}`, item)),
    2,
  );
  await call('POST', '/cms', {
    slug: gatedCollection,
    name: 'Salary reports',
    description: 'For subscribers.',
    visibility: 'gated',
    required_entitlement: 'paywall',
    schema: [
      { name: 'title', type: 'text', required: true },
      { name: 'body', type: 'longtext' },
    ],
  });
  const gatedItem = await call<{ item: Row }>('POST', `/cms/${gatedCollection}`, {
    data: { title: 'Report 2025', body: `${filler} Members see ${itemSecret}.` },
    status: 'published',
  });
  // Collections have no place in the board's navigation unless the owner links them.
  await call('PATCH', '/organization', {
    board: {
      tagline: 'Jobs found by a crawler',
      nav_links: [
        { label: 'Events', url: `/c/${openCollection}` },
        { label: 'Reports', url: `/c/${gatedCollection}` },
      ],
    },
  });

  const other = await api<{ data: { board_url: string } }>(base, otherKey, 'GET', '/organization');
  const otherOnly = word('other-board-only-');
  await api(base, otherKey, 'POST', '/pages', {
    title: 'Only on the other board',
    slug: otherOnly,
    kind: 'page',
    status: 'published',
    content: '<p>Elsewhere.</p>',
  });
  await api(base, otherKey, 'POST', '/pages', {
    title: 'Other board post',
    slug: `${otherOnly}-post`,
    kind: 'blog_post',
    status: 'published',
    content: '<p>Elsewhere.</p>',
  });

  const board = org.board_url;
  // Pages answer `url` as the full public URL (a path on older servers).
  const absolute = (url: string) => (/^https?:/.test(url) ? url : `${board}${url}`);
  secrets[0]!.url = gated.data.url;
  secrets[1]!.url = absolute(pages.find((found) => found.data.title === 'For members only')!.data.url);
  secrets[2]!.url = `${board}/c/${gatedCollection}/${gatedItem.item.id}`;
  const page = (title: string) => pages.find((found) => found.data.title === title)!.data;
  const jobUrls = [...created.map((job) => job.data.url), hostile.data.url, gated.data.url] as string[];
  return {
    boardUrl: board,
    boardName: org.name,
    boardSlug: org.slug,
    otherBoardUrl: other.data.board_url,
    secrets,
    searchWord,
    hostileJob: {
      id: hostile.data.id,
      title: hostileTitle,
      company: 'Hostile & Co <b>',
      url: hostile.data.url,
    },
    publicUrls: [
      ...jobUrls,
      ...pages.filter((found) => found.data.status === 'published').map((found) => absolute(found.data.url)),
      ...items.slice(0, 2).map((item) => `${board}/c/${openCollection}/${item.item.id}`),
      `${board}/c/${gatedCollection}/${gatedItem.item.id}`,
    ],
    mustBeMissing: [
      { url: absolute(page('Draft page').url), why: 'a draft page’s url' },
      { url: absolute(page('Draft post').url), why: 'a draft post’s url' },
      { url: `${board}/${otherOnly}`, why: 'another board’s page slug' },
      { url: `${board}/blog/${otherOnly}-post`, why: 'another board’s post slug' },
      { url: `${board}/jobs/${draft.data.slug}`, why: 'a draft job' },
      { url: `${board}/jobs/${pending.data.slug}`, why: 'a pending job' },
      { url: `${board}/jobs/${deleted.data.slug}`, why: 'a deleted job' },
      { url: `${board}/c/${openCollection}/${items[2]!.item.id}`, why: 'a draft CMS item' },
      { url: `${board}/jobs/${hostile.data.slug}/gone`, why: 'the gone page of a live job' },
    ],
    gone: [`${board}/jobs/${expiredByDate.data.slug}`, `${board}/jobs/${expiredByEndpoint.data.slug}`],
    svgUrl: asset.url,
    collections: { open: openCollection, gated: gatedCollection },
    jobCount: jobUrls.length,
    readerPlan: 'Reader pass',
  };
}
