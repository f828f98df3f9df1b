import { headers } from 'next/headers';
import { BOARD_BASE_HEADER } from '@/lib/board/routing';

/**
 * A checkout that cannot be paid (expired, no longer sold as it was, or not this member's), with
 * a 404: what happened, that nothing was charged, and where to start again.
 */
export default async function CheckoutNotFound() {
  // proxy.ts sets it on every board request: '' in host mode, /b/<slug> in path mode.
  const base = (await headers()).get(BOARD_BASE_HEADER) ?? '';
  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-lg border border-border p-8">
      {/* Segment not-found files take no metadata; React hoists this into the head. */}
      <title>Checkout closed</title>
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
