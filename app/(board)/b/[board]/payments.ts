// The board's side of payments: what it sells (lib/payments), read once per request and revision,
// and where a checkout sends the member back to. Shared by the layout's navigation and the pricing,
// post-a-job and checkout pages.
import { cache } from 'react';
import { BOARD_CACHE } from '@/lib/board/queries';
import { RevisionCache } from '@/lib/cache';
import { type BoardOffer, boardOffer } from '@/lib/payments';
import type { Board } from './board';

/** Every write to plans or payment settings bumps the board's revision, so the offer is kept per revision. */
const offers = new RevisionCache<BoardOffer>({ ...BOARD_CACHE, name: 'board offers' });

/** `boardOffer` for pages: once per request (the layout and the page both ask), read once per revision. */
export const offerOf = cache((board: Board) =>
  offers.get(board.org, 'offer', () => boardOffer(board.db, board.org.id)),
);

type Links = Pick<Board, 'href' | 'url'>;

/** Where a member lands after paying: the job's status page, or their account (with a notice). */
export function returnPath(jobId: string | null): string {
  return jobId ? `/post-a-job/${jobId}` : '/account?paid=1';
}

/** The absolute addresses a checkout needs: a provider's hosted page sends the member back to them. */
export function checkoutUrls(board: Links, jobId: string | null) {
  return {
    successUrl: board.url(returnPath(jobId)),
    // A job waits on its status page, which links back to its open checkout.
    cancelUrl: board.url(jobId ? `/post-a-job/${jobId}` : '/pricing'),
    localCheckoutUrl: (sessionId: string) => board.url(`/checkout/${sessionId}`),
  };
}

/**
 * A URL on the board's canonical address as the same page on the host the visitor is on, whose
 * session cookie they carry (path mode, or another of the board's hosts); other URLs (a provider's
 * hosted checkout) as they are.
 */
export function onThisHost(board: Links, url: string): string {
  const root = board.url('/');
  return url.startsWith(`${root}/`) ? board.href(url.slice(root.length)) : url;
}
