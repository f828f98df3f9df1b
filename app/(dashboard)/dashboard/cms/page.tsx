import { Blocks, Plus } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listCollections } from '@/lib/cms';
import { type CollectionVisibility, listCollectionsQuerySchema } from '@/lib/cms/schemas';
import { EmptyState } from '../_components/empty-state';
import { Pagination } from '../_components/pagination';
import { PageHeader } from '../page-header';
import { DeleteCollectionButton } from './builder/delete-collection-button';
import { visibilityLabels } from './builder/labels';

export const metadata: Metadata = { title: 'Collections · Boardkit' };

const visibilityVariant = { public: 'success', gated: 'default', private: 'muted' } as const;

function VisibilityBadge({ visibility }: { visibility: CollectionVisibility }) {
  return <Badge variant={visibilityVariant[visibility]}>{visibilityLabels[visibility]}</Badge>;
}

export default async function CollectionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { organization, role } = await requireMembership();
  const canEdit = can(role, 'cms.collections.manage');
  const page = (await searchParams).page;
  const parsed = listCollectionsQuerySchema.safeParse({ page: Array.isArray(page) ? page.at(-1) : page });
  const query = parsed.success ? parsed.data : listCollectionsQuerySchema.parse({});
  const { collections, total } = await listCollections(await getDb(), organization.id, query);
  const href = (n: number) => (n === 1 ? '/dashboard/cms' : `/dashboard/cms?page=${n}`);

  return (
    <>
      <PageHeader
        title="Collections"
        description="Your own content types, such as events, testimonials or member perks, with the fields you choose."
        actions={
          canEdit ? (
            <Button asChild>
              <Link href="/dashboard/cms/new">
                <Plus /> New collection
              </Link>
            </Button>
          ) : null
        }
      />
      <Card>
        {collections.length === 0 ? (
          <EmptyState
            icon={
              <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Blocks className="size-5" />
              </span>
            }
            title={query.page > 1 ? 'No collections on this page' : 'No collections yet'}
            action={
              canEdit && query.page === 1 ? (
                <Button asChild>
                  <Link href="/dashboard/cms/new">
                    <Plus /> New collection
                  </Link>
                </Button>
              ) : null
            }
          >
            A collection is a list of things your board shows besides jobs: events, testimonials, perks for
            members. You choose the fields (a title, a date, a number of seats…), then add items here or
            through the API. Public collections can be read by your site, and can accept submissions from
            visitors that you review first.
          </EmptyState>
        ) : (
          <Table label="Collections">
            <TableHead>
              <th className="px-4 py-3 font-medium">Collection</th>
              <th className="px-4 py-3 font-medium">Visibility</th>
              <th className="px-4 py-3 text-right font-medium">Fields</th>
              <th className="px-4 py-3 font-medium">Items</th>
              <th className="px-4 py-3 font-medium">Updated</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </TableHead>
            <tbody>
              {collections.map((collection) => {
                const counts = collection.item_counts;
                const base = `/dashboard/cms/${collection.slug}`;
                return (
                  <tr
                    key={collection.id}
                    className="border-b border-border last:border-0"
                    data-testid="collection-row"
                  >
                    <td className="max-w-0 px-4 py-3">
                      <Link href={base} className="font-medium hover:underline">
                        {collection.name}
                      </Link>
                      <p className="mt-0.5 truncate font-mono text-xs text-muted-foreground">
                        {collection.slug}
                      </p>
                    </td>
                    <td className="px-4 py-3">
                      <VisibilityBadge visibility={collection.visibility} />
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{collection.schema.length}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <span className="tabular-nums">{counts.total}</span>
                      <span className="text-muted-foreground"> total · </span>
                      <span className="tabular-nums">{counts.published}</span>
                      <span className="text-muted-foreground"> published</span>
                      {counts.pending_review > 0 ? (
                        <Link href={`${base}/review`} className="mt-1 block w-fit">
                          <Badge className="bg-amber-100 text-amber-900 hover:bg-amber-200">
                            {counts.pending_review} to review
                          </Badge>
                        </Link>
                      ) : null}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                      <DateText value={collection.updated_at} />
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex items-center justify-end gap-1">
                        <Button asChild variant="ghost" size="sm">
                          <Link href={`${base}/schema`} aria-label={`Edit fields of ${collection.name}`}>
                            Fields
                          </Link>
                        </Button>
                        {canEdit ? (
                          <DeleteCollectionButton
                            slug={collection.slug}
                            name={collection.name}
                            items={counts.total}
                          />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </Card>
      <Pagination
        total={total}
        noun={['collection', 'collections']}
        page={query.page}
        perPage={query.per_page}
        href={href}
      />
    </>
  );
}
