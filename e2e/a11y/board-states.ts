// The accessibility gate's table of board page states (issue 22): every route under /b/[board] in
// the states a visitor, an employer or a reader meets it in. board.spec.ts runs them in this order
// and checks each with axe; coverage.spec.ts fails when a page of app/ is in no state here.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { mailTo, signInMail } from '../helpers';

/** Where the board is when the state is visited; board.spec.ts seeds between the phases. */
export type BoardPhase = 'empty' | 'content' | 'paywall';

/**
 * Whose browser the state is seen in, each with its own cookies: a visitor (never signed in), an
 * employer (signs in on the board in the content phase) and a job seeker who buys reader access.
 */
export type BoardViewer = 'visitor' | 'employer' | 'reader';

export interface BoardContext {
  /** The board in path mode: `/b/<slug>`. */
  base: string;
  /** The app's origin, for the links mails carry (which name the board's host-mode address). */
  baseURL: string;
  slug: string;
  key: string;
  request: APIRequestContext;
  employerEmail: string;
  readerEmail: string;
  /** Seeded before the empty phase: rows with nothing in them yet. */
  category: string;
  location: string;
  /** Its jobs join it by name in the content phase. */
  company: string;
  collection: string;
  /** Seeded before the content phase. */
  jobs: { internal: string; external: string; email: string; expired: string };
  post: string;
  membersPost: string;
  customPage: string;
  item: string;
  gatedCollection: string;
  gatedItem: string;
  /** Found by the states on their way: the employer's checkout and job. */
  employerCheckout?: string;
  employerJob?: string;
}

export interface BoardState {
  /** The Next.js route, as coverage.spec.ts names the page's file. */
  route: string;
  name: string;
  phase: BoardPhase;
  viewer: BoardViewer;
  /** A full-page screenshot under test-results/screens/, to look at. */
  screenshot?: string;
  /**
   * The address the page is served at, when it is not the route's own (a rewrite); by default the
   * page's path must match `route`, so a redirect to another page cannot pass for this one.
   */
  servedAt?: RegExp;
  visit: (page: Page, ctx: BoardContext) => Promise<void>;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A mail link on the board's canonical host, as the same path in path mode on this server. */
const local = (ctx: BoardContext, url: string) =>
  url.replace(`https://${ctx.slug}.boards.test`, `${ctx.baseURL}${ctx.base}`);

export const BOARD_STATES: readonly BoardState[] = [
  // An owner who has just signed up: nothing published, nothing for sale.
  {
    route: '/b/[board]',
    name: 'empty board',
    phase: 'empty',
    viewer: 'visitor',
    screenshot: 'a11y-board-01-empty-home',
    visit: async (page, ctx) => {
      await page.goto(ctx.base);
      await expect(page.getByText('No jobs yet.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/remote',
    name: 'empty board',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/remote`);
      await expect(h1(page, 'Remote jobs')).toBeVisible();
      await expect(page.getByText('There are no open jobs right now.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/companies',
    name: 'no company hiring',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/companies`);
      await expect(h1(page, 'Companies hiring')).toBeVisible();
      await expect(page.getByText('No company has open jobs right now.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/companies/[slug]',
    name: 'company without jobs',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/companies/${ctx.company}`);
      await expect(h1(page, 'Jobs at Fjord Apps')).toBeVisible();
      await expect(page.getByText('There are no open jobs right now.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/categories/[slug]',
    name: 'empty category',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/categories/${ctx.category}`);
      await expect(h1(page, 'Engineering jobs')).toBeVisible();
      await expect(page.getByText('There are no open jobs right now.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/locations/[slug]',
    name: 'empty location',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/locations/${ctx.location}`);
      await expect(h1(page, 'Jobs in Oslo')).toBeVisible();
      await expect(page.getByText('There are no open jobs right now.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/blog',
    name: 'empty blog',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/blog`);
      await expect(page.getByText('No articles yet.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/c/[collection]',
    name: 'empty collection',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/c/${ctx.collection}`);
      await expect(h1(page, 'Hiring events')).toBeVisible();
      await expect(page.getByText('Nothing here yet.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/pricing',
    name: 'nothing for sale',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/pricing`);
      await expect(page.getByText('This board does not sell anything yet.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/alerts',
    name: 'form',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/alerts`);
      await expect(h1(page, 'Get new jobs by email')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/sign-in',
    name: 'form',
    phase: 'empty',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/sign-in`);
      await expect(h1(page, /^Sign in to/)).toBeVisible();
    },
  },

  // With jobs, posts, pages, CMS items and plans: what visitors browse.
  {
    route: '/b/[board]',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    screenshot: 'a11y-board-02-home',
    visit: async (page, ctx) => {
      await page.goto(ctx.base);
      await expect(page.getByRole('link', { name: 'Kotlin Developer' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Brand Designer' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]',
    name: 'no job matches the filters',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}?q=astronaut&remote=1`);
      await expect(page.getByText('No jobs match these filters.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]',
    name: 'error state (filters it cannot use)',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}?job_type=astronaut&posted_within=ever`);
      await expect(
        page.getByRole('alert').filter({ hasText: '“astronaut” is not a job type' }),
      ).toBeVisible();
    },
  },
  {
    route: '/b/[board]/remote',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/remote`);
      await expect(page.getByRole('link', { name: 'Brand Designer' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/companies',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/companies`);
      await expect(page.getByRole('link', { name: 'Fjord Apps' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/companies/[slug]',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/companies/${ctx.company}`);
      await expect(page.getByRole('link', { name: 'Kotlin Developer' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/categories/[slug]',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/categories/${ctx.category}`);
      await expect(page.getByRole('link', { name: 'Kotlin Developer' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/locations/[slug]',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/locations/${ctx.location}`);
      await expect(page.getByRole('link', { name: 'Kotlin Developer' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]',
    name: 'with the apply form',
    phase: 'content',
    viewer: 'visitor',
    screenshot: 'a11y-board-03-job',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/jobs/${ctx.jobs.internal}`);
      await expect(h1(page, 'Kotlin Developer')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send application' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]',
    name: 'apply form error state',
    phase: 'content',
    viewer: 'visitor',
    screenshot: 'a11y-board-04-apply-errors',
    visit: async (page) => {
      // The script posts the form (upload progress); without it the server answers the same errors.
      await page.waitForFunction(() => 'next' in window);
      await page.getByLabel('Email').fill('ada@invalid');
      await page.getByRole('button', { name: 'Send application' }).click();
      await expect(page.getByText('Write a short cover letter')).toBeVisible();
      await expect(page.getByText('Enter an email address like name@example.com')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]/applied',
    name: 'application sent',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page) => {
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Cover letter').fill('I have shipped Kotlin apps for five years.');
      await page
        .getByLabel('Resume')
        .setInputFiles({ name: 'ada.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Send application' }).click();
      await expect(h1(page, 'Application sent')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]',
    name: 'applies on the company site',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/jobs/${ctx.jobs.external}`);
      await expect(page.getByRole('link', { name: 'Apply on company site' }).first()).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]',
    name: 'applies by email',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/jobs/${ctx.jobs.email}`);
      await expect(page.getByRole('link', { name: 'Apply by email' }).first()).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]',
    name: 'error state (no such job, 404)',
    phase: 'content',
    viewer: 'visitor',
    screenshot: 'a11y-board-13-not-found',
    visit: async (page, ctx) => {
      const response = await page.goto(`${ctx.base}/jobs/no-such-job`);
      expect(response?.status()).toBe(404);
      // The board's own not-found page, in its header and footer.
      await expect(h1(page, 'Page not found')).toBeVisible();
      await expect(page).toHaveTitle('Page not found');
      await expect(page.getByRole('link', { name: 'See all jobs' })).toHaveAttribute('href', ctx.base);
    },
  },
  {
    route: '/b/[board]/jobs/[slug]/gone',
    name: 'expired job (410)',
    phase: 'content',
    viewer: 'visitor',
    // proxy.ts rewrites an expired job's address to this page.
    servedAt: /\/jobs\/[^/]+$/,
    visit: async (page, ctx) => {
      const response = await page.goto(`${ctx.base}/jobs/${ctx.jobs.expired}`);
      expect(response?.status()).toBe(410);
      await expect(page.getByText('This job is no longer accepting applications')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/blog',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/blog`);
      await expect(page.getByRole('link', { name: 'Five interview questions to ask' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/blog/[slug]',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    screenshot: 'a11y-board-05-blog-post',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/blog/${ctx.post}`);
      await expect(h1(page, 'Five interview questions to ask')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Why it works' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/[page]',
    name: 'custom page',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/${ctx.customPage}`);
      await expect(h1(page, 'About Fjord Jobs')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/[page]/[...rest]',
    name: 'an address no route of the board has (the board’s own 404)',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      const response = await page.goto(`${ctx.base}/pricing/no-such-thing`);
      expect(response?.status()).toBe(404);
      await expect(h1(page, 'Page not found')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/c/[collection]',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/c/${ctx.collection}`);
      await expect(page.getByRole('link', { name: 'Oslo open evening' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/c/[collection]/[item]',
    name: 'with content',
    phase: 'content',
    viewer: 'visitor',
    screenshot: 'a11y-board-06-cms-item',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/c/${ctx.collection}/${ctx.item}`);
      await expect(h1(page, 'Oslo open evening')).toBeVisible();
      // The reference field, resolved to the job's page.
      await expect(page.getByRole('link', { name: 'Kotlin Developer' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/pricing',
    name: 'with plans, signed out',
    phase: 'content',
    viewer: 'visitor',
    screenshot: 'a11y-board-07-pricing',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/pricing`);
      await expect(page.getByRole('region', { name: 'For employers' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'For readers' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/alerts',
    name: 'error state',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/alerts?q=kotlin`);
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await page.getByRole('button', { name: 'Create alert' }).click();
      await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
      // Focus lands on what went wrong, not on the page's body.
      await expect(page.getByRole('alert').filter({ hasText: 'Enter an email address' })).toBeFocused();
    },
  },
  {
    route: '/b/[board]/alerts',
    name: 'sent, check your inbox',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.getByLabel('Email', { exact: true }).fill(`alerts-${ctx.slug}@example.com`);
      await page.getByRole('button', { name: 'Create alert' }).click();
      await expect(page.getByText('Check your inbox.')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Check your inbox.' })).toBeFocused();
    },
  },
  {
    route: '/b/[board]/alerts/confirm',
    name: 'link from the email',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      const mail = await mailTo(`alerts-${ctx.slug}@example.com`, (candidate) =>
        /^Confirm your job alert/.test(candidate.subject ?? ''),
      );
      const url = /(https?:\/\/\S+\/alerts\/confirm\?token=\S+)/.exec(mail.text ?? '')![1]!;
      await page.goto(local(ctx, url));
      await expect(page.getByRole('button', { name: 'Confirm alert' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/alerts/manage',
    name: 'alert confirmed',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page) => {
      await page.getByRole('button', { name: 'Confirm alert' }).click();
      await expect(page.getByRole('status')).toContainText('Alert confirmed.');
      await expect(page.getByText('“kotlin” jobs')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/alerts/confirm',
    name: 'error state (broken link)',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/alerts/confirm?token=broken`);
      await expect(
        page.getByRole('alert').filter({ hasText: 'This confirmation link does not work' }),
      ).toBeVisible();
    },
  },
  {
    route: '/b/[board]/alerts/manage',
    name: 'error state (broken link)',
    phase: 'content',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/alerts/manage?token=broken`);
      await expect(page.getByRole('alert').filter({ hasText: 'This link does not work' })).toBeVisible();
    },
  },

  // An employer: signs in by emailed code on the way to the job form, posts a job and pays for it.
  {
    route: '/b/[board]/sign-in',
    name: 'error state',
    phase: 'content',
    viewer: 'employer',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/post-a-job`);
      await expect(h1(page, /^Sign in to/)).toBeVisible();
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
      await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
      await expect(page.getByLabel('Email')).toBeFocused();
    },
  },
  {
    route: '/b/[board]/sign-in/code',
    name: 'code sent',
    phase: 'content',
    viewer: 'employer',
    visit: async (page, ctx) => {
      await page.getByLabel('Email').fill(ctx.employerEmail);
      await page.getByRole('radio', { name: 'hiring' }).check();
      await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
      await expect(h1(page, 'Check your email')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/sign-in/code',
    name: 'error state (wrong code)',
    phase: 'content',
    viewer: 'employer',
    visit: async (page, ctx) => {
      const { code } = await signInMail(ctx.employerEmail);
      await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(/^That code is not right/)).toBeVisible();
    },
  },
  {
    route: '/b/[board]/post-a-job',
    name: 'signed in employer, form',
    phase: 'content',
    viewer: 'employer',
    screenshot: 'a11y-board-08-post-a-job',
    visit: async (page, ctx) => {
      await page.getByLabel('Code').fill((await signInMail(ctx.employerEmail)).code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(h1(page, 'Post a job')).toBeVisible();
      await expect(textbox(page, 'Contact email')).toHaveValue(ctx.employerEmail);
    },
  },
  {
    route: '/b/[board]/post-a-job',
    name: 'error state',
    phase: 'content',
    viewer: 'employer',
    screenshot: 'a11y-board-09-post-a-job-errors',
    visit: async (page) => {
      await textbox(page, 'Company name').fill('Acme Robotics');
      await textbox(page, 'Description').fill('Build robot arms.\n\n- ROS\n- C++');
      await textbox(page, 'From').fill('90000');
      await textbox(page, 'To').fill('70000');
      await page.getByRole('button', { name: 'Post the job' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Please fix these before posting' });
      await expect(summary).toBeFocused();
      await expect(textbox(page, 'Job title')).toHaveAttribute('aria-invalid', 'true');
    },
  },
  {
    route: '/b/[board]/checkout/[session]',
    name: 'open checkout for a job',
    phase: 'content',
    viewer: 'employer',
    screenshot: 'a11y-board-10-checkout',
    visit: async (page, ctx) => {
      await textbox(page, 'Job title').fill('Robotics Engineer');
      await textbox(page, 'To').fill('110000');
      await page.getByRole('button', { name: 'Post the job' }).click();
      await expect(h1(page, 'Pay for Featured post')).toBeVisible();
      ctx.employerCheckout = new URL(page.url()).pathname;
    },
  },
  {
    route: '/b/[board]/post-a-job/[id]',
    name: 'live job',
    phase: 'content',
    viewer: 'employer',
    visit: async (page, ctx) => {
      await page.getByRole('button', { name: 'Pay $49' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
      ctx.employerJob = new URL(page.url()).pathname.split('/').at(-1)!;
    },
  },
  {
    route: '/b/[board]/post-a-job/[id]',
    name: 'close confirmation open',
    phase: 'content',
    viewer: 'employer',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/post-a-job/${ctx.employerJob}?close=1#close-job`);
      await expect(page.getByRole('button', { name: 'Yes, close this job' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/checkout/[session]',
    name: 'completed checkout',
    phase: 'content',
    viewer: 'employer',
    visit: async (page, ctx) => {
      await page.goto(ctx.employerCheckout!);
      await expect(h1(page, 'This checkout is complete')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/checkout/[session]',
    name: 'a checkout that cannot be paid (closed, or not this member’s)',
    phase: 'content',
    viewer: 'employer',
    screenshot: 'a11y-board-10b-checkout-closed',
    visit: async (page, ctx) => {
      const response = await page.goto(`${ctx.base}/checkout/lcs_no_such_checkout`);
      expect(response?.status()).toBe(404);
      await expect(h1(page, 'This checkout cannot be paid')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/post-a-job/[id]/edit',
    name: 'form',
    phase: 'content',
    viewer: 'employer',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/post-a-job/${ctx.employerJob}/edit`);
      await expect(h1(page, 'Edit your job')).toBeVisible();
      await expect(textbox(page, 'Job title')).toHaveValue('Robotics Engineer');
    },
  },
  {
    route: '/b/[board]/post-a-job/[id]/edit',
    name: 'error state',
    phase: 'content',
    viewer: 'employer',
    visit: async (page) => {
      await textbox(page, 'Job title').fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Please fix these before saving' });
      await expect(summary).toBeFocused();
    },
  },
  {
    route: '/b/[board]/account',
    name: 'signed in employer with a job and a payment',
    phase: 'content',
    viewer: 'employer',
    screenshot: 'a11y-board-11-employer-account',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/account`);
      await expect(page.getByRole('region', { name: 'Your jobs' })).toContainText('Robotics Engineer');
      await expect(page.getByRole('region', { name: 'Your subscriptions and payments' })).toContainText(
        '$49 · Paid',
      );
    },
  },
  {
    route: '/b/[board]/account',
    name: 'profile error state',
    phase: 'content',
    viewer: 'employer',
    visit: async (page) => {
      await page.getByLabel('Name', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Enter your name.')).toBeVisible();
    },
  },

  // A job seeker: signs in with the emailed link, then buys reader access.
  {
    route: '/b/[board]/sign-in/verify',
    name: 'link from the email',
    phase: 'content',
    viewer: 'reader',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/sign-in`);
      await page.getByLabel('Email').fill(ctx.readerEmail);
      await page.getByRole('radio', { name: 'looking for a job' }).check();
      await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
      await expect(h1(page, 'Check your email')).toBeVisible();
      await page.goto(`${ctx.base}/sign-in/verify?token=${(await signInMail(ctx.readerEmail)).token}`);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/account',
    name: 'signed in job seeker',
    phase: 'content',
    viewer: 'reader',
    visit: async (page, ctx) => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(`Signed in as ${ctx.readerEmail}`)).toBeVisible();
    },
  },
  {
    route: '/b/[board]/post-a-job',
    name: 'signed in job seeker (no employer account)',
    phase: 'content',
    viewer: 'reader',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/post-a-job`);
      await expect(h1(page, 'Job posts need an employer account')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/pricing',
    name: 'signed in job seeker',
    phase: 'content',
    viewer: 'reader',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/pricing`);
      await expect(page.getByRole('region', { name: 'For employers' })).toContainText(
        'Job posts are for employer accounts.',
      );
    },
  },
  {
    route: '/b/[board]/checkout/[session]',
    name: 'open checkout for a subscription',
    phase: 'content',
    viewer: 'reader',
    visit: async (page) => {
      await page.getByRole('button', { name: 'Subscribe to Reader pass' }).click();
      await expect(h1(page, 'Pay for Reader pass')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/account',
    name: 'payment complete',
    phase: 'content',
    viewer: 'reader',
    visit: async (page) => {
      await page.getByRole('button', { name: 'Pay $9' }).click();
      await expect(page.getByRole('status')).toContainText('Thank you: your payment is complete');
    },
  },

  {
    route: '/b/[board]/account',
    name: 'resume on the profile',
    phase: 'content',
    viewer: 'reader',
    visit: async (page) => {
      const resume = page.getByRole('region', { name: 'Your resume' });
      await resume
        .getByLabel('Resume')
        .setInputFiles({ name: 'reader-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
      await resume.getByRole('button', { name: 'Upload resume' }).click();
      await expect(resume.getByText('Resume saved.')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]/apply-with-profile',
    name: 'one-click apply review',
    phase: 'content',
    viewer: 'reader',
    screenshot: 'a11y-board-11b-apply-with-profile',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/jobs/${ctx.jobs.internal}`);
      await page.getByRole('link', { name: 'Apply with your profile' }).click();
      await expect(h1(page, 'Apply with your profile')).toBeVisible();
      await expect(page.getByRole('region', { name: 'What the hiring team receives' })).toContainText(
        'reader-cv.pdf',
      );
    },
  },

  // The paywall on: older jobs, members-only posts and the gated collection are for subscribers.
  {
    route: '/b/[board]/jobs/[slug]',
    name: 'behind paywall',
    phase: 'paywall',
    viewer: 'visitor',
    screenshot: 'a11y-board-12-job-paywall',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/jobs/${ctx.jobs.internal}`);
      await expect(page.getByText('The rest of this job is for subscribers')).toBeVisible();
      await expect(page.getByText('Applying is for subscribers')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/jobs/[slug]',
    name: 'subscriber past the paywall',
    phase: 'paywall',
    viewer: 'reader',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/jobs/${ctx.jobs.internal}`);
      await expect(page.getByRole('button', { name: 'Send application' })).toBeVisible();
    },
  },
  {
    route: '/b/[board]/blog/[slug]',
    name: 'behind paywall',
    phase: 'paywall',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/blog/${ctx.membersPost}`);
      await expect(page.getByText('The rest of this article is for subscribers')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/c/[collection]',
    name: 'behind paywall',
    phase: 'paywall',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/c/${ctx.gatedCollection}`);
      await expect(page.getByText('Salary reports is for subscribers')).toBeVisible();
    },
  },
  {
    route: '/b/[board]/c/[collection]/[item]',
    name: 'behind paywall',
    phase: 'paywall',
    viewer: 'visitor',
    visit: async (page, ctx) => {
      await page.goto(`${ctx.base}/c/${ctx.gatedCollection}/${ctx.gatedItem}`);
      await expect(page.getByText('Salary reports is for subscribers')).toBeVisible();
    },
  },
];

/** Every board route the gate checks, once each. */
export const BOARD_ROUTES: readonly string[] = [...new Set(BOARD_STATES.map((state) => state.route))];
