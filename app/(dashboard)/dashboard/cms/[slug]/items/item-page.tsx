import { ChevronLeft } from 'lucide-react';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { getCollection, getItem } from '@/lib/cms';
import { AppError } from '@/lib/core/errors';
import { assetSummaries, referenceChoices } from './field-options';
import { ItemForm } from './item-form';

/** The item form's page, for a new item (`id` null) or an existing one. */
export async function ItemPage({ slug, id }: { slug: string; id: string | null }) {
  const { organization } = await requireMembership();
  const db = await getDb();
  let loaded: [Awaited<ReturnType<typeof getCollection>>, Awaited<ReturnType<typeof getItem>> | undefined];
  try {
    loaded = await Promise.all([
      getCollection(db, organization.id, slug),
      id && /^[0-9a-f-]{36}$/i.test(id) ? getItem(db, organization.id, slug, id) : undefined,
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
  const [collection, item] = loaded;
  if (id && !item) notFound();
  const [choices, assets] = await Promise.all([
    referenceChoices(db, organization, collection.schema),
    assetSummaries(db, organization.id, collection.schema, item ? [item] : []),
  ]);
  // An item does not point at itself.
  const references = Object.fromEntries(
    Object.entries(choices).map(([name, options]) => [
      name,
      options.filter((option) => option.id !== item?.id),
    ]),
  );
  return (
    <>
      <Link
        href={`/dashboard/cms/${collection.slug}`}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ChevronLeft className="size-4" /> {collection.name}
      </Link>
      <ItemForm collection={collection} item={item} references={references} assets={assets} />
    </>
  );
}
