// Whether a board address names something, decided in proxy.ts before anything renders. Next.js
// answers a page's notFound() with its error shell, the 404 page only in the flight data and blank
// without JavaScript (vercel/next.js#62228); an address known to be missing is rewritten onto the
// board's not-found page instead, which renders as any page does. The pages keep their own
// notFound() for what changes between this check and their render.
import type { Member, Organization } from '@/db/schema';
import { findCollection, getPublicItem } from '@/lib/cms';
import { getCompanyBySlug } from '@/lib/companies';
import { AppError } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/ids';
import type { Db } from '@/lib/core/transaction';
import { jobsOfMember } from '@/lib/jobs';
import type { ListJobsQuery } from '@/lib/jobs/schemas';
import { localCheckout, PAYWALL_ENTITLEMENT } from '@/lib/payments';
import { paywalledCollection } from './cms';
import { boardJobs, boardPage, categoryBySlug, locationBySlug } from './queries';
import { type JobPageState, jobPageState } from './resolve';
import { parseBoardSearch, searchQueryString } from './search-params';

export type BoardAddressState = JobPageState;

/**
 * Addresses the board always has: any other single segment is a custom page's slug, any other
 * `jobs/{x}` a job's (job slugs have no dots, so the job sites' feeds cannot shadow one).
 */
const STATIC_PAGES = new Set([
  'account',
  'alerts',
  'blog',
  'companies',
  'feed.json',
  'embed',
  'embed.js',
  'feed.xml',
  'jobs.xml',
  'jobs/linkedin.xml',
  'jobs/ziprecruiter.xml',
  'post-a-job',
  'pricing',
  'remote',
  'robots.txt',
  'sign-in',
  'sitemap.xml',
]);

/** Addresses whose own route decides what to answer (forms, members' pages, tokens, files). */
const DECIDED_BY_THE_ROUTE = [
  /^alerts\/(?:confirm|manage)$/,
  /^alerts\/unsubscribe\/[^/]+$/,
  /^sign-in\/(?:code|verify)$/,
  /^sitemaps\/[^/]+$/,
  /^jobs\/[^/]+\/apply$/,
  /^og\/[^/]+\/[^/]+$/,
];

const found = (exists: unknown): BoardAddressState => (exists ? 'live' : 'missing');

/** A check of the CMS that answers a missing collection or item as null rather than an error. */
async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  return lookup.catch((error) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
}

/** Whether the collection (and item) is on the board: public, or behind the paywall. */
async function collectionShown(db: Db, org: Organization, slug: string, itemId?: string) {
  if (await paywalledCollection(db, org, slug, PAYWALL_ENTITLEMENT, itemId)) return true;
  if (itemId !== undefined) return Boolean(await orNull(getPublicItem(db, org, slug, itemId)));
  return (await orNull(findCollection(db, org.id, slug)))?.visibility === 'public';
}

/**
 * A job listing (home, remote, a category, a place) asked for a page past its last (`?page=99`):
 * missing, where an empty page would be an indexable soft 404. A search's pages are for visitors
 * (noindex) and keep showing "no jobs match"; page 1 is always there.
 */
async function listingState(
  db: Db,
  org: Organization,
  query: URLSearchParams,
  fixed: Partial<Omit<ListJobsQuery, 'status' | 'page' | 'per_page'>>,
): Promise<BoardAddressState> {
  const requested = Number(query.get('page'));
  if (!Number.isInteger(requested) || requested <= 1) return 'live';
  const search = parseBoardSearch(
    Object.fromEntries([...new Set(query.keys())].map((key) => [key, query.getAll(key)])),
  );
  if (searchQueryString({ ...search.values, page: 1 }) !== '') return 'live';
  // Past the highest page a listing serves (MAX_PAGE), the page shows page 1: no such page either.
  if (search.values.page !== requested) return 'missing';
  const { jobs } = await boardJobs(db, org, { ...search.filters, ...fixed }, requested);
  return jobs.length > 0 ? 'live' : 'missing';
}

/**
 * A member's own page (their checkout, their job): missing when it is not theirs. Signed out, the
 * page itself sends them to sign in first.
 */
async function ownPage(member: Member | undefined, own: (member: Member) => Promise<unknown>) {
  return member ? found(await own(member)) : 'live';
}

/**
 * What the board address `rest` (the path inside the board, as the request has it) answers: live,
 * expired (a job's page: 410) or missing (404). `signedIn` is asked only for members' own pages;
 * `query` (the request's query string) only for the page number of job listings.
 */
export async function boardAddressState(
  db: Db,
  org: Organization,
  rest: string,
  signedIn: () => Promise<Member | undefined>,
  query: URLSearchParams = new URLSearchParams(),
): Promise<BoardAddressState> {
  const path = rest.replace(/^\/+|\/+$/g, '');
  if (path === '') return listingState(db, org, query, {});
  if (path === 'remote') return listingState(db, org, query, { is_remote: true });
  if (STATIC_PAGES.has(path)) return 'live';
  if (DECIDED_BY_THE_ROUTE.some((pattern) => pattern.test(path))) return 'live';
  const segments = path.split('/').map((segment) => decodeURIComponent(segment));
  const [first, second, third] = segments;
  if (segments.length === 1) return found(await boardPage(db, org, 'page', first!));
  if (segments.length === 2) {
    if (first === 'jobs') return jobPageState(db, org.slug, second!);
    if (first === 'blog') return found(await boardPage(db, org, 'blog_post', second!));
    if (first === 'categories') {
      const category = await categoryBySlug(db, org, second!);
      return category ? listingState(db, org, query, { categories: [category.id] }) : 'missing';
    }
    if (first === 'locations') {
      const location = await locationBySlug(db, org, second!);
      return location ? listingState(db, org, query, { location_id: location.id }) : 'missing';
    }
    if (first === 'companies') {
      const company = await getCompanyBySlug(db, org.id, second!);
      return company ? listingState(db, org, query, { company_id: company.id }) : 'missing';
    }
    if (first === 'c') return found(await collectionShown(db, org, second!));
    if (first === 'checkout') {
      return ownPage(await signedIn(), (member) => localCheckout(db, org.id, second!, member));
    }
  }
  if (first === 'post-a-job' && (segments.length === 2 || (segments.length === 3 && third === 'edit'))) {
    return ownPage(await signedIn(), async (member) =>
      isUuid(second!) ? (await jobsOfMember(db, org.id, member.id, { id: second! }))[0] : undefined,
    );
  }
  if (segments.length === 3) {
    if (first === 'jobs' && (third === 'applied' || third === 'apply-with-profile')) {
      return (await jobPageState(db, org.slug, second!)) === 'missing' ? 'missing' : 'live';
    }
    if (first === 'jobs' && third === 'gone') {
      return (await jobPageState(db, org.slug, second!)) === 'expired' ? 'live' : 'missing';
    }
    if (first === 'c') return found(await collectionShown(db, org, second!, third));
  }
  return 'missing';
}
