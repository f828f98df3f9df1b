import type { Metadata } from 'next';
import { longDate } from '@/lib/board/format';
import { BLOG_PAGE_SIZE, boardPosts } from '@/lib/board/queries';
import { type BoardParams, boardMetadata, loadBoard } from '../board';

type SearchParams = Promise<{ page?: string | string[] }>;

const pageNumber = (value: string | string[] | undefined) => {
  const page = Number(Array.isArray(value) ? value[0] : (value ?? 1));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  const page = pageNumber((await searchParams).page);
  return boardMetadata(board, {
    title: `Blog · ${board.look.name}`,
    description: `Articles and news from ${board.look.name}.`,
    path: page > 1 ? `/blog?page=${page}` : '/blog',
  });
}

export default async function BlogIndex({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: SearchParams;
}) {
  const board = await loadBoard((await params).board);
  const page = pageNumber((await searchParams).page);
  const { posts, total } = await boardPosts(board.db, board.org, page);
  const totalPages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">Blog</h1>
      {posts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-700">
          No articles yet.
        </p>
      ) : (
        <ul className="space-y-8">
          {posts.map((post) => (
            <li key={post.id} className="relative grid gap-4 sm:grid-cols-[12rem_1fr]">
              {post.coverImage && (
                // biome-ignore lint/performance/noImgElement: cover images come from the board's CDN or any https host.
                <img
                  src={post.coverImage}
                  alt=""
                  className="aspect-[16/10] w-full rounded-md object-cover"
                  loading="lazy"
                />
              )}
              <div className={post.coverImage ? '' : 'sm:col-span-2'}>
                <h2 className="text-xl font-semibold">
                  <a
                    href={board.href(`/blog/${post.slug}`)}
                    className="board-link no-underline hover:underline"
                  >
                    {post.title}
                  </a>
                </h2>
                <p className="mt-1 text-sm text-zinc-700">
                  {longDate(post.publishedAt)}
                  {post.author ? ` · ${post.author}` : ''}
                </p>
                <p className="mt-2 line-clamp-3 text-zinc-800">{post.metaDescription ?? post.contentText}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-between text-sm">
          {page > 1 ? (
            <a
              className="board-button-outline"
              rel="prev"
              href={board.href(page === 2 ? '/blog' : `/blog?page=${page - 1}`)}
            >
              Newer
            </a>
          ) : (
            <span />
          )}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <a className="board-button-outline" rel="next" href={board.href(`/blog?page=${page + 1}`)}>
              Older
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
