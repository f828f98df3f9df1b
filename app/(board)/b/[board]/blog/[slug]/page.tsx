import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { JsonLd } from '@/components/board/json-ld';
import { PaywallNotice } from '@/components/board/paywall-notice';
import { boardPage } from '@/lib/board/queries';
import { blogPostingJsonLd, breadcrumbJsonLd } from '@/lib/board/structured-data';
import { boardMetadata, loadBoard, metaDescription } from '../../board';
import { ContentPage } from '../../content-page';
import { currentMember, currentPaywall } from '../../member';

type Params = Promise<{ board: string; slug: string }>;

const loadPost = cache(async (boardSlug: string, slug: string) => {
  const board = await loadBoard(boardSlug);
  const found = await boardPage(board.db, board.org, 'blog_post', decodeURIComponent(slug));
  if (!found) notFound();
  return { board, found };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, found } = await loadPost(boardSlug, slug);
  const { page } = found;
  return boardMetadata(board, {
    title: page.metaTitle ?? page.title,
    description: page.metaDescription ?? page.contentText,
    path: `/blog/${page.slug}`,
    image: page.ogImage ?? page.coverImage,
    type: 'article',
  });
}

export default async function BlogPost({ params }: { params: Params }) {
  const { board: boardSlug, slug } = await params;
  const { board, found } = await loadPost(boardSlug, slug);
  const view = await currentPaywall(boardSlug);
  const gated = found.page.membersOnly && !view.open && Boolean(view.rules?.members_only_posts);
  const path = `/blog/${found.page.slug}`;
  const member = gated ? await currentMember(boardSlug) : null;
  const { page, author } = found;
  const publisher = { name: board.look.name, url: board.url('/'), logoUrl: board.look.logoUrl };
  const structuredData = [
    blogPostingJsonLd({
      headline: page.title,
      url: board.url(path),
      description: metaDescription(page.metaDescription ?? page.contentText),
      datePublished: page.publishedAt,
      dateModified: page.updatedAt,
      authorName: author?.name ?? null,
      image: page.ogImage ?? page.coverImage,
      publisher,
      gated,
    }),
    breadcrumbJsonLd([
      { name: board.look.name, url: board.url('/') },
      { name: 'Blog', url: board.url('/blog') },
      { name: page.title },
    ]),
  ];
  return (
    <>
      <JsonLd data={structuredData} />
      <ContentPage
        db={board.db}
        found={found}
        kind="blog_post"
        locale={board.org.locale}
        paywall={
          gated && (
            <PaywallNotice
              heading="The rest of this article is for subscribers"
              pricingHref={board.href('/pricing')}
              signInHref={member ? null : board.href(`/sign-in?next=${encodeURIComponent(path)}`)}
            />
          )
        }
      />
      <p className="mx-auto mt-10 max-w-3xl">
        <a href={board.href('/blog')} className="board-link">
          ← All articles
        </a>
      </p>
    </>
  );
}
