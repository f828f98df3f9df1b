// Whether a board address names something, decided in proxy.ts before anything renders. Next.js
// answers a page's notFound() with its error shell, the 404 page only in the flight data and blank
// without JavaScript (vercel/next.js#62228); an address known to be missing is rewritten onto the
// board's not-found page instead, which renders as any page does. The pages keep their own
// notFound() for what changes between this check and their render.
import type { Member, Organization } from '@/db/schema';
import { findCollection, getPublicItem } from '@/lib/cms';
import { AppError } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/ids';
import type { Db } from '@/lib/core/transaction';
import { jobsOfMember } from '@/lib/jobs';
import { localCheckout, PAYWALL_ENTITLEMENT } from '@/lib/payments';
import { paywalledCollection } from './cms';
import { boardPage, categoryBySlug, locationBySlug } from './queries';
import { type JobPageState, jobPageState } from './resolve';

export type BoardAddressState = JobPageState;

/** Pages of one segment the board always has: any other single segment is a custom page's slug. */
const STATIC_PAGES = new Set([
  'account',
  'alerts',
  'blog',
  'feed.xml',
  'jobs.xml',
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
 * A member's own page (their checkout, their job): missing when it is not theirs. Signed out, the
 * page itself sends them to sign in first.
 */
async function ownPage(member: Member | undefined, own: (member: Member) => Promise<unknown>) {
  return member ? found(await own(member)) : 'live';
}

/**
 * What the board address `rest` (the path inside the board, as the request has it) answers: live,
 * expired (a job's page: 410) or missing (404). `signedIn` is asked only for members' own pages.
 */
export async function boardAddressState(
  db: Db,
  org: Organization,
  rest: string,
  signedIn: () => Promise<Member | undefined>,
): Promise<BoardAddressState> {
  const path = rest.replace(/^\/+|\/+$/g, '');
  if (path === '' || STATIC_PAGES.has(path)) return 'live';
  if (DECIDED_BY_THE_ROUTE.some((pattern) => pattern.test(path))) return 'live';
  const segments = path.split('/').map((segment) => decodeURIComponent(segment));
  const [first, second, third] = segments;
  if (segments.length === 1) return found(await boardPage(db, org, 'page', first!));
  if (segments.length === 2) {
    if (first === 'jobs') return jobPageState(db, org.slug, second!);
    if (first === 'blog') return found(await boardPage(db, org, 'blog_post', second!));
    if (first === 'categories') return found(await categoryBySlug(db, org, second!));
    if (first === 'locations') return found(await locationBySlug(db, org, second!));
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
    if (first === 'jobs' && third === 'applied') {
      return (await jobPageState(db, org.slug, second!)) === 'missing' ? 'missing' : 'live';
    }
    if (first === 'jobs' && third === 'gone') {
      return (await jobPageState(db, org.slug, second!)) === 'expired' ? 'live' : 'missing';
    }
    if (first === 'c') return found(await collectionShown(db, org, second!, third));
  }
  return 'missing';
}
