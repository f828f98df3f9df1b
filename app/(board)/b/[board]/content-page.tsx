import type { ReactNode } from 'react';
import { BoardProse } from '@/components/board/board-prose';
import { longDate } from '@/lib/board/format';
import type { boardPage } from '@/lib/board/queries';
import { DAY_MS } from '@/lib/core/time';
import type { Db } from '@/lib/core/transaction';

type Found = NonNullable<Awaited<ReturnType<typeof boardPage>>>;

/** Words of a members-only post shown before the paywall notice. */
const TEASER_CHARS = 400;

/**
 * A published page or blog post, rendered from its stored sanitized HTML; behind the paywall, only
 * its opening words and the notice (`paywall`) are sent.
 */
export function ContentPage({
  db,
  found,
  kind,
  locale,
  paywall,
}: {
  db: Db;
  found: Found;
  kind: 'page' | 'blog_post';
  locale: string;
  paywall?: ReactNode;
}) {
  const { page, author } = found;
  const updated = page.publishedAt && page.updatedAt.getTime() - page.publishedAt.getTime() > DAY_MS;
  return (
    <article className="mx-auto max-w-3xl">
      <header className="mb-6 space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{page.title}</h1>
        {kind === 'blog_post' && (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-700">
            {author?.avatarUrl && (
              // biome-ignore lint/performance/noImgElement: avatars come from any https host.
              <img
                src={author.avatarUrl}
                alt=""
                className="size-7 rounded-full object-cover"
                width={28}
                height={28}
              />
            )}
            {author && <span className="font-medium text-foreground">{author.name}</span>}
            {author && <span aria-hidden>·</span>}
            <time dateTime={page.publishedAt?.toISOString()}>{longDate(page.publishedAt, locale)}</time>
            {updated && (
              <>
                <span aria-hidden>·</span>
                <span>
                  Updated{' '}
                  <time dateTime={page.updatedAt.toISOString()}>{longDate(page.updatedAt, locale)}</time>
                </span>
              </>
            )}
          </p>
        )}
      </header>
      {page.coverImage && (
        // biome-ignore lint/performance/noImgElement: cover images come from the board's CDN or any https host.
        <img src={page.coverImage} alt="" className="mb-8 aspect-[2/1] w-full rounded-lg object-cover" />
      )}
      {paywall ? (
        <>
          <p className="mb-6 text-lg leading-relaxed">{teaser(page.contentText)}</p>
          {paywall}
        </>
      ) : (
        <BoardProse db={db} orgId={page.organizationId} html={page.contentHtml} />
      )}
    </article>
  );
}

function teaser(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEASER_CHARS ? `${flat.slice(0, TEASER_CHARS).replace(/\s+\S*$/, '')}…` : flat;
}
