import type { Metadata } from 'next';
import { Pager } from '@/components/board/pager';
import { longDate } from '@/lib/board/format';
import { BLOG_PAGE_SIZE, boardPosts } from '@/lib/board/queries';
import { pageParam } from '@/lib/board/search-params';
import { type BoardParams, boardMetadata, loadBoard } from '../board';

type SearchParams = Promise<{ page?: string | string[] }>;

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  const page = pageParam((await searchParams).page);
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
  const page = pageParam((await searchParams).page);
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
                  {longDate(post.publishedAt, board.org.locale)}
                  {post.author ? ` · ${post.author}` : ''}
                </p>
                <p className="mt-2 line-clamp-3 text-zinc-800">{post.metaDescription ?? post.contentText}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        totalPages={totalPages}
        href={(to) => board.href(to === 1 ? '/blog' : `/blog?page=${to}`)}
        labels={['Newer', 'Older']}
      />
    </div>
  );
}
