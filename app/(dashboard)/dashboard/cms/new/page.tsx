import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { collectionSlugs } from '@/lib/cms';
import { PageHeader } from '../../page-header';
import { CollectionBuilder } from '../builder/collection-builder';

export const metadata: Metadata = { title: 'New collection · Boardkit' };

export default async function NewCollectionPage() {
  const { organization, role } = await requireMembership();
  const targets = await collectionSlugs(await getDb(), organization.id);
  return (
    <>
      <PageHeader
        title="New collection"
        description={
          <Link href="/dashboard/cms" className="text-link">
            ← All collections
          </Link>
        }
      />
      <CollectionBuilder targets={targets} canEdit={can(role, 'cms.collections.manage')} />
    </>
  );
}
