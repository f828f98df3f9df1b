import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { collectionSlugs, getCollection } from '@/lib/cms';
import { collectionSlugSchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { PageHeader } from '../../../page-header';
import { CollectionBuilder } from '../../builder/collection-builder';

export const metadata: Metadata = { title: 'Collection schema · Boardkit' };

export default async function CollectionSchemaPage({ params }: { params: Promise<{ slug: string }> }) {
  const { organization, role } = await requireMembership();
  const slug = collectionSlugSchema.safeParse((await params).slug);
  if (!slug.success) notFound();
  const db = await getDb();
  const [collection, targets] = await Promise.all([
    getCollection(db, organization.id, slug.data).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') notFound();
      throw error;
    }),
    collectionSlugs(db, organization.id, slug.data),
  ]);
  return (
    <>
      <PageHeader
        title={`${collection.name}: fields and rules`}
        description={
          <span className="flex gap-3">
            <Link href="/dashboard/cms" className="text-link">
              ← All collections
            </Link>
            <Link href={`/dashboard/cms/${collection.slug}`} className="text-link">
              Items
            </Link>
          </span>
        }
      />
      <CollectionBuilder
        collection={collection}
        targets={targets}
        canEdit={can(role, 'cms.collections.manage')}
      />
    </>
  );
}
