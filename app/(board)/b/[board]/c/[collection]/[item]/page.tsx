import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CmsValue } from '@/components/board/cms-value';
import { itemTitle, resolveItemLinks } from '@/lib/board/cms';
import { getPublicItem } from '@/lib/cms';
import { fieldLabel } from '@/lib/cms/fields';
import { AppError } from '@/lib/core/errors';
import { boardMetadata, loadBoard } from '../../../board';

type Params = Promise<{ board: string; collection: string; item: string }>;

const loadItem = cache(async (boardSlug: string, slug: string, id: string) => {
  const board = await loadBoard(boardSlug);
  try {
    return { board, ...(await getPublicItem(board.db, board.org, decodeURIComponent(slug), id)) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { board: boardSlug, collection: slug, item: id } = await params;
  const { board, collection, item } = await loadItem(boardSlug, slug, id);
  const title = itemTitle(collection.schema, item);
  return boardMetadata(board, {
    title: `${title} · ${collection.name} · ${board.look.name}`,
    description: collection.description ?? `${title}, in ${collection.name} on ${board.look.name}.`,
    path: `/c/${collection.slug}/${item.id}`,
  });
}

export default async function CollectionItemPage({ params }: { params: Params }) {
  const { board: boardSlug, collection: slug, item: id } = await params;
  const { board, collection, item } = await loadItem(boardSlug, slug, id);
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
              <CmsValue field={field} value={item.data[field.name]} links={links} />
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
