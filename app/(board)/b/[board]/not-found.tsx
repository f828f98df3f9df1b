import { headers } from 'next/headers';
import { BOARD_BASE_HEADER } from '@/lib/board/routing';

/**
 * A page the board does not have (an unknown or unlisted job, post, page or item), inside the
 * board's header and footer: Next's bare default 404 has no landmarks and no way back.
 */
export default async function BoardNotFound() {
  // proxy.ts sets it on every board request: '' in host mode, /b/<slug> in path mode.
  const base = (await headers()).get(BOARD_BASE_HEADER) ?? '';
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-lg border border-border p-8 text-center">
      {/* Segment not-found files take no metadata; React hoists this into the head. */}
      <title>Page not found</title>
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
