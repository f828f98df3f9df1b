import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CmsValue } from '@/components/board/cms-value';
import { itemTitle, paywalledCollection, resolveItemLinks } from '@/lib/board/cms';
import { getPublicItem } from '@/lib/cms';
import { fieldLabel } from '@/lib/cms/fields';
import { AppError } from '@/lib/core/errors';
import { PAYWALL_ENTITLEMENT } from '@/lib/payments';
import { boardMetadata, loadBoard } from '../../../board';
import { currentMember, currentPaywall } from '../../../member';
import { GatedCollection } from '../../gated-collection';

type Params = Promise<{ board: string; collection: string; item: string }>;

const loadItem = cache(async (boardSlug: string, slug: string, id: string) => {
  const board = await loadBoard(boardSlug);
  try {
    const viewer = await currentPaywall(boardSlug);
    return {
      board,
      gated: null,
      ...(await getPublicItem(board.db, board.org, decodeURIComponent(slug), id, viewer)),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      const gated = await paywalledCollection(
        board.db,
        board.org,
        decodeURIComponent(slug),
        PAYWALL_ENTITLEMENT,
        id,
      );
      if (gated) return { board, gated, collection: null, item: null };
      notFound();
    }
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { board: boardSlug, collection: slug, item: id } = await params;
  const { board, collection, item, gated } = await loadItem(boardSlug, slug, id);
  if (!collection) {
    return boardMetadata(board, {
      title: `${gated.name} · ${board.look.name}`,
      description: gated.description ?? `${gated.name} on ${board.look.name}, for subscribers.`,
      path: `/c/${gated.slug}/${id}`,
    });
  }
  const title = itemTitle(collection.schema, item);
  return boardMetadata(board, {
    title: `${title} · ${collection.name} · ${board.look.name}`,
    description: collection.description ?? `${title}, in ${collection.name} on ${board.look.name}.`,
    path: `/c/${collection.slug}/${item.id}`,
  });
}

export default async function CollectionItemPage({ params }: { params: Params }) {
  const { board: boardSlug, collection: slug, item: id } = await params;
  const { board, collection, item, gated } = await loadItem(boardSlug, slug, id);
  if (!collection) {
    return (
      <GatedCollection
        board={board}
        collection={gated}
        path={`/c/${gated.slug}/${id}`}
        signedIn={(await currentMember(boardSlug)) !== null}
      />
    );
  }
  const title = itemTitle(collection.schema, item);
  const links = await resolveItemLinks(board.db, board.org, collection.schema, [item], board.href);
  const fields = collection.schema.filter((field) => {
    const value = item.data[field.name];
    return value !== undefined && value !== null && value !== '' && value !== title;
  });
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href={board.href(`/c/${collection.slug}`)} className="board-link">
          {collection.name}
        </a>
      </nav>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <dl className="space-y-5">
        {fields.map((field) => (
          <div key={field.name}>
            <dt className="text-sm font-semibold text-zinc-700">{fieldLabel(field)}</dt>
            <dd className="mt-1">
              <CmsValue field={field} value={item.data[field.name]} links={links} locale={board.org.locale} />
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
