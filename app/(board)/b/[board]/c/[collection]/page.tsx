import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CmsValue } from '@/components/board/cms-value';
import { Pager } from '@/components/board/pager';
import { itemTitle, paywalledCollection, resolveItemLinks } from '@/lib/board/cms';
import { pageParam } from '@/lib/board/search-params';
import { listPublicItems } from '@/lib/cms';
import { fieldLabel } from '@/lib/cms/fields';
import { publicListItemsQuerySchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { PAYWALL_ENTITLEMENT } from '@/lib/payments';
import { boardMetadata, loadBoard } from '../../board';
import { currentMember, currentPaywall } from '../../member';
import { GatedCollection } from '../gated-collection';

type Params = Promise<{ board: string; collection: string }>;
type SearchParams = Promise<{ page?: string | string[] }>;

const PER_PAGE = 20;
/** Fields a list card shows besides the title: the first few short ones. */
const CARD_FIELDS = 4;

const loadList = cache(async (boardSlug: string, slug: string, page: number) => {
  const board = await loadBoard(boardSlug);
  try {
    const query = publicListItemsQuerySchema.parse({
      organization: board.org.slug,
      page: String(page),
      per_page: String(PER_PAGE),
    });
    const viewer = await currentPaywall(boardSlug);
    const list = await listPublicItems(board.db, board.org, decodeURIComponent(slug), query, viewer);
    return { board, list, gated: null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      const gated = await paywalledCollection(
        board.db,
        board.org,
        decodeURIComponent(slug),
        PAYWALL_ENTITLEMENT,
      );
      if (gated) return { board, list: null, gated };
      notFound();
    }
    throw error;
  }
});

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { board: boardSlug, collection } = await params;
  const page = pageParam((await searchParams).page);
  const { board, list, gated } = await loadList(boardSlug, collection, page);
  if (!list) {
    return boardMetadata(board, {
      title: `${gated.name} · ${board.look.name}`,
      description: gated.description ?? `${gated.name} on ${board.look.name}, for subscribers.`,
      path: `/c/${gated.slug}`,
    });
  }
  return boardMetadata(board, {
    title: `${list.collection.name} · ${board.look.name}`,
    description: list.collection.description ?? `${list.collection.name} on ${board.look.name}.`,
    path: `/c/${list.collection.slug}${page > 1 ? `?page=${page}` : ''}`,
  });
}

export default async function CollectionPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { board: boardSlug, collection } = await params;
  const page = pageParam((await searchParams).page);
  const { board, list, gated } = await loadList(boardSlug, collection, page);
  if (!list) {
    return (
      <GatedCollection
        board={board}
        collection={gated}
        path={`/c/${gated.slug}`}
        signedIn={(await currentMember(boardSlug)) !== null}
      />
    );
  }
  const schema = list.collection.schema;
  const shown = schema
    .filter((field) => !['richtext', 'longtext'].includes(field.type))
    .slice(0, CARD_FIELDS + 1);
  const links = await resolveItemLinks(board.db, board.org, schema, list.items, board.href);
  const totalPages = Math.max(1, Math.ceil(list.total / PER_PAGE));
  const path = `/c/${list.collection.slug}`;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{list.collection.name}</h1>
        {list.collection.description && <p className="text-zinc-700">{list.collection.description}</p>}
      </header>
      {list.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-700">
          Nothing here yet.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {list.items.map((item) => {
            const title = itemTitle(schema, item);
            return (
              <li
                key={item.id}
                className="relative rounded-lg border border-border p-5 focus-within:ring-2 focus-within:ring-primary"
              >
                <h2 className="text-lg font-semibold">
                  <a
                    href={board.href(`${path}/${item.id}`)}
                    className="after:absolute after:inset-0 focus-visible:outline-none"
                  >
                    {title}
                  </a>
                </h2>
                <dl className="mt-2 space-y-1 text-sm">
                  {shown
                    .filter(
                      (field) =>
                        item.data[field.name] !== undefined &&
                        item.data[field.name] !== null &&
                        item.data[field.name] !== title,
                    )
                    .slice(0, CARD_FIELDS)
                    .map((field) => (
                      <div key={field.name} className="flex gap-2">
                        <dt className="text-zinc-600">{fieldLabel(field)}:</dt>
                        <dd className="relative z-10 min-w-0">
                          <CmsValue
                            field={field}
                            value={item.data[field.name]}
                            links={links}
                            locale={board.org.locale}
                          />
                        </dd>
                      </div>
                    ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        page={page}
        totalPages={totalPages}
        href={(to) => board.href(to === 1 ? path : `${path}?page=${to}`)}
      />
    </div>
  );
}
