// What the board says of an address it does not have, shown by the not-found boundaries (after a
// page's notFound()) and by the page proxy.ts rewrites missing addresses to; each gives the title.
import { headers } from 'next/headers';
import { BOARD_BASE_HEADER } from '@/lib/board/routing';

/** proxy.ts sets it on every board request: '' in host mode, /b/<slug> in path mode. */
const boardBase = async () => (await headers()).get(BOARD_BASE_HEADER) ?? '';

/** A page the board does not have (an unknown or unlisted job, post, page or item). */
export async function PageNotFound() {
  const base = await boardBase();
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-lg border border-border p-8 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="text-zinc-700">
        This page is not on the board. It may have been taken down, or the link may be incomplete.
      </p>
      <p className="flex flex-wrap justify-center gap-3">
        <a className="board-button" href={base || '/'}>
          See all jobs
        </a>
        <a className="board-button-outline" href={`${base}/blog`}>
          Read the blog
        </a>
      </p>
    </div>
  );
}

/** A checkout that cannot be paid (expired, no longer sold as it was, or not this member's). */
export async function CheckoutNotFound() {
  const base = await boardBase();
  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-lg border border-border p-8">
      <h1 className="text-2xl font-bold tracking-tight">This checkout cannot be paid</h1>
      <p className="text-zinc-700">
        Nothing was charged. The checkout has closed: it expired, its plan is no longer offered, or the board
        has changed how it takes payments since it was opened. If you followed a link, it may be for another
        account.
      </p>
      <p className="text-zinc-700">Choose a plan again to see what is on offer now.</p>
      <p className="flex flex-wrap gap-3">
        <a className="board-button" href={`${base}/pricing`}>
          See the plans
        </a>
        <a className="board-button-outline" href={`${base}/account`}>
          Your account
        </a>
      </p>
    </div>
  );
}

export const notFoundTitles = { page: 'Page not found', checkout: 'Checkout closed' } as const;
