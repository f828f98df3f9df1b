// The items of one collection: status tabs, search, a table of the first fields, pagination.
import { ChevronLeft, Inbox, Plus, Search } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ItemStatusBadge, itemSourceLabels, itemStatusLabels } from '@/components/cms/item-status';
import { ItemValue } from '@/components/cms/item-value';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listItems } from '@/lib/cms';
import { fieldLabel } from '@/lib/cms/fields';
import { type ItemOut, type ItemStatus, itemStatuses, listItemsQuerySchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { EmptyState } from '../../_components/empty-state';
import { Pagination } from '../../_components/pagination';
import { assetSummaries, referenceChoices } from './items/field-options';

export const metadata: Metadata = { title: 'Collection · Boardkit' };

const PER_PAGE = 20;
/** Schema fields shown as columns: the rest is one click away in the item form. */
const FIELD_COLUMNS = 3;

type SearchParams = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.at(-1) : value)?.trim() || undefined;

const emptyCopy: Record<ItemStatus | 'all', string> = {
  all: 'No items yet',
  draft: 'No drafts',
  pending_review: 'Nothing waiting for review',
  published: 'Nothing published yet',
  expired: 'No expired items',
  archived: 'Nothing archived',
};

const visibilityCopy = {
  public: { label: 'Public', hint: 'Anyone can read the published items.' },
  gated: { label: 'Gated', hint: 'Members with the entitlement can read the published items.' },
  private: { label: 'Private', hint: 'Only the API with a key reads the items.' },
} as const;

export default async function CollectionItemsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { organization } = await requireMembership();
  const db = await getDb();
  const { slug } = await params;
  const raw = await searchParams;
  const status = itemStatuses.find((candidate) => candidate === one(raw.status));
  const search = one(raw.search)?.slice(0, 200);
  const page = Math.max(1, Math.floor(Number(one(raw.page)) || 1));

  const query = listItemsQuerySchema.parse({
    page: String(page),
    per_page: String(PER_PAGE),
    ...(status ? { status } : {}),
    ...(search ? { search } : {}),
  });
  let listed: Awaited<ReturnType<typeof listItems>>;
  let pending: number;
  try {
    [listed, { total: pending }] = await Promise.all([
      listItems(db, organization.id, slug, query),
      listItems(
        db,
        organization.id,
        slug,
        listItemsQuerySchema.parse({ per_page: '1', status: 'pending_review' }),
      ),
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
  const { collection, items, total } = listed;
  const columns = collection.schema.slice(0, FIELD_COLUMNS);
  const [assets, references] = await Promise.all([
    assetSummaries(db, organization.id, columns, items),
    referenceChoices(db, organization, columns),
  ]);

  const href = (changes: { status?: ItemStatus | null; page?: number }) => {
    const next = new URLSearchParams();
    const nextStatus = changes.status === undefined ? status : changes.status;
    if (nextStatus) next.set('status', nextStatus);
    if (search) next.set('search', search);
    if (changes.page && changes.page > 1) next.set('page', String(changes.page));
    const text = next.toString();
    return `/dashboard/cms/${slug}${text ? `?${text}` : ''}`;
  };
  const base = `/dashboard/cms/${slug}`;

  return (
    <>
      <Link
        href="/dashboard/cms"
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ChevronLeft className="size-4" /> Collections
      </Link>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">{collection.name}</h1>
            <Badge
              variant={collection.visibility === 'public' ? 'success' : 'muted'}
              title={visibilityCopy[collection.visibility].hint}
            >
              {visibilityCopy[collection.visibility].label}
            </Badge>
            {collection.rules.allow_public_submit ? (
              <Badge variant="default">
                Public submissions ·{' '}
                {collection.rules.moderation === 'manual' ? 'reviewed' : 'published at once'}
              </Badge>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {collection.description || (
              <>
                <span className="font-mono">{collection.slug}</span> · {collection.schema.length}{' '}
                {collection.schema.length === 1 ? 'field' : 'fields'}
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {pending > 0 ? (
            <Button asChild variant="outline">
              <Link href={`${base}/review`}>
                <Inbox /> Review queue ({pending})
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="ghost">
            <Link href={`${base}/schema`}>Edit schema</Link>
          </Button>
          <Button asChild>
            <Link href={`${base}/items/new`}>
              <Plus /> New item
            </Link>
          </Button>
        </div>
      </div>

      <div className="mb-4 flex flex-wrap items-end justify-between gap-3 border-b border-border">
        <nav aria-label="Status" className="-mb-px flex flex-wrap text-sm">
          {([null, ...itemStatuses] as const).map((tab) => {
            const active = (tab ?? undefined) === status;
            return (
              <Link
                key={tab ?? 'all'}
                href={href({ status: tab, page: 1 })}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'border-b-2 px-3 py-2 font-medium',
                  active
                    ? 'border-primary text-primary'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {tab ? itemStatusLabels[tab] : 'All'}
                {tab === 'pending_review' && pending > 0 ? (
                  <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 text-xs text-amber-800">
                    {pending}
                  </span>
                ) : null}
              </Link>
            );
          })}
        </nav>
        <form action={base} className="relative mb-2 w-full sm:w-64">
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            name="search"
            aria-label="Search items"
            placeholder="Search items"
            defaultValue={search}
            className="pl-9"
          />
        </form>
      </div>

      <Card>
        {items.length === 0 ? (
          <EmptyState
            title={
              search
                ? `No items match “${search}”`
                : page > 1
                  ? 'No items on this page'
                  : emptyCopy[status ?? 'all']
            }
          >
            {search || page > 1 ? (
              <Link href={href({ page: 1 })} className="text-link">
                {search ? 'Clear the search' : 'Back to the first page'}
              </Link>
            ) : status === 'pending_review' ? (
              'Public submissions waiting for approval appear here.'
            ) : status ? (
              <Link href={base} className="text-link">
                Show all items
              </Link>
            ) : collection.schema.length === 0 ? (
              <Link href={`${base}/schema`} className="text-link">
                Add fields to the schema first
              </Link>
            ) : (
              'Add the first one with “New item”, send items through the API, or accept public submissions.'
            )}
          </EmptyState>
        ) : (
          <Table label={`${collection.name} items`}>
            <TableHead>
              {columns.map((field) => (
                <th key={field.name} className="px-4 py-3 font-medium">
                  {fieldLabel(field)}
                </th>
              ))}
              {columns.length === 0 ? <th className="px-4 py-3 font-medium">Item</th> : null}
              <th className="px-4 py-3 font-medium">Status</th>
              <th className="px-4 py-3 font-medium">Source</th>
              <th className="px-4 py-3 font-medium">Schedule</th>
              <th className="px-4 py-3 font-medium">Updated</th>
            </TableHead>
            <tbody>
              {items.map((item) => (
                <tr
                  key={item.id}
                  className="border-b border-border align-top last:border-0 hover:bg-muted/40"
                  data-testid="item-row"
                >
                  {columns.length === 0 ? (
                    <td className="px-4 py-3">
                      <Link href={`${base}/items/${item.id}`} className="font-mono text-xs hover:underline">
                        {item.id}
                      </Link>
                    </td>
                  ) : null}
                  {columns.map((field, index) => (
                    <td
                      key={field.name}
                      className={cn('max-w-64 px-4 py-3', index === 0 ? 'min-w-36' : 'text-muted-foreground')}
                    >
                      {index === 0 ? (
                        <Link
                          href={`${base}/items/${item.id}`}
                          className="font-medium text-foreground hover:underline"
                        >
                          {firstCell(item, field.name) ? (
                            <ItemValue
                              field={field}
                              value={item.data[field.name]}
                              compact
                              assets={assets}
                              references={references[field.name]}
                            />
                          ) : (
                            <span className="italic text-muted-foreground">Untitled</span>
                          )}
                        </Link>
                      ) : (
                        <ItemValue
                          field={field}
                          value={item.data[field.name]}
                          compact
                          assets={assets}
                          references={references[field.name]}
                        />
                      )}
                    </td>
                  ))}
                  <td className="px-4 py-3">
                    <ItemStatusBadge status={item.status} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    {itemSourceLabels[item.source]}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-xs text-muted-foreground">
                    <Schedule item={item} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    <DateText value={item.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Pagination
        total={total}
        noun={['item', 'items']}
        page={page}
        perPage={PER_PAGE}
        href={(next) => href({ page: next })}
      />
    </>
  );
}

const firstCell = (item: ItemOut, name: string) => {
  const value = item.data[name];
  return !(
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
};

function Schedule({ item }: { item: ItemOut }) {
  if (!item.starts_at && !item.expires_at) return <span>—</span>;
  return (
    <span className="grid gap-0.5">
      {item.starts_at ? (
        <span>
          Starts <DateText value={item.starts_at} style="dateTime" utc />
        </span>
      ) : null}
      {item.expires_at ? (
        <span>
          Expires <DateText value={item.expires_at} style="dateTime" utc />
        </span>
      ) : null}
    </span>
  );
}
