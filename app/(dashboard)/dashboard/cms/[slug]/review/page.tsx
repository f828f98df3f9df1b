// The moderation queue of a collection: pending submissions, oldest first, to approve or reject.
import { ChevronLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { itemSourceLabels } from '@/components/cms/item-status';
import { ItemValue } from '@/components/cms/item-value';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listItems, richTextHtml } from '@/lib/cms';
import { fieldLabel } from '@/lib/cms/fields';
import { listItemsQuerySchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { EmptyState } from '../../../_components/empty-state';
import { Pagination } from '../../../_components/pagination';
import { assetSummaries, referenceChoices } from '../items/field-options';
import { ReviewButtons } from './review-buttons';

export const metadata: Metadata = { title: 'Review queue · Boardkit' };

const PER_PAGE = 20;

export default async function ReviewQueuePage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ page?: string }>;
}) {
  const { organization } = await requireMembership();
  const db = await getDb();
  const { slug } = await params;
  const page = Math.max(1, Math.floor(Number((await searchParams).page) || 1));
  let listed: Awaited<ReturnType<typeof listItems>>;
  try {
    listed = await listItems(
      db,
      organization.id,
      slug,
      listItemsQuerySchema.parse({
        status: 'pending_review',
        sort: 'created_at',
        page: String(page),
        per_page: String(PER_PAGE),
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
  const { collection, items, total } = listed;
  const [assets, references] = await Promise.all([
    assetSummaries(db, organization.id, collection.schema, items),
    referenceChoices(db, organization, collection.schema),
  ]);
  const base = `/dashboard/cms/${slug}`;

  return (
    <>
      <Link
        href={base}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ChevronLeft className="size-4" /> {collection.name}
      </Link>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight">Review queue</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Submissions to {collection.name} waiting for a decision, oldest first. Approve publishes an item;
          reject archives it.
        </p>
      </div>
      {items.length === 0 ? (
        <Card>
          <EmptyState title="Nothing waiting for review">
            {page > 1 ? (
              <Link href={`${base}/review`} className="text-link">
                Back to the first page
              </Link>
            ) : (
              <>
                New public submissions appear here.{' '}
                <Link href={base} className="text-link">
                  See all items
                </Link>
              </>
            )}
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Pending submissions">
          {items.map((item) => (
            <li key={item.id}>
              <Card data-testid="review-item">
                <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-5 py-3">
                  <p className="text-xs text-muted-foreground">
                    {itemSourceLabels[item.source]} · received{' '}
                    <DateText value={item.created_at} style="dateTime" utc /> ·{' '}
                    <Link href={`${base}/items/${item.id}`} className="text-link">
                      Edit
                    </Link>
                  </p>
                  <ReviewButtons slug={slug} id={item.id} />
                </div>
                <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
                  {collection.schema.map((field) => (
                    <div key={field.name} className="contents">
                      <dt className="font-medium text-muted-foreground">{fieldLabel(field)}</dt>
                      <dd className="min-w-0 break-words">
                        <ItemValue
                          field={field}
                          value={item.data[field.name]}
                          assets={assets}
                          references={references[field.name]}
                          html={field.type === 'richtext' ? richTextHtml(item.data[field.name]) : undefined}
                        />
                      </dd>
                    </div>
                  ))}
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        total={total}
        noun={['submission', 'submissions']}
        page={page}
        perPage={PER_PAGE}
        href={(next) => (next > 1 ? `${base}/review?page=${next}` : `${base}/review`)}
      />
    </>
  );
}
