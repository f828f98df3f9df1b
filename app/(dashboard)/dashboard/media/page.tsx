import { ImageIcon, Search } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { formatBytes, mediaHref } from '@/components/media/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { MAX_ASSET_BYTES } from '@/lib/media/limits';
import { listAssetsQuerySchema } from '@/lib/media/schemas';
import { listAssets } from '@/lib/media/service';
import { Pagination } from '../_components/pagination';
import { QueryForm } from '../_components/query-form';
import { PageHeader } from '../page-header';
import { LibraryUpload } from './library-upload';
import { MediaGrid } from './media-grid';

export const metadata: Metadata = { title: 'Media · Boardkit' };

type SearchParams = Record<string, string | string[] | undefined>;

const typeLabels = { image: 'Images', video: 'Videos', file: 'Files' } as const;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value)?.trim();

export default async function MediaPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization } = await requireMembership();
  const params = await searchParams;
  const raw = {
    search: first(params.search) || undefined,
    type: first(params.type) || undefined,
    page: first(params.page),
  };
  const parsed = listAssetsQuerySchema.safeParse(raw);
  // An address that cannot be read shows the whole library rather than an error page.
  const query = parsed.success ? parsed.data : listAssetsQuerySchema.parse({});
  const { assets, total } = await listAssets(await getDb(), organization.id, query);
  const filtered = !!query.search || !!query.type;

  return (
    <>
      <PageHeader
        title="Media"
        description={`Images for your pages, blog posts and author pictures, hosted on your board. Up to ${formatBytes(MAX_ASSET_BYTES)} each.`}
      />
      <Card className="mb-6">
        <CardContent className="pt-6">
          <LibraryUpload />
        </CardContent>
      </Card>
      {total > 0 || filtered || query.page > 1 ? (
        <QueryForm
          action="/dashboard/media"
          className="mb-4 flex gap-2 rounded-lg border border-border bg-white p-4 shadow-sm"
        >
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              key={query.search ?? ''}
              name="search"
              type="search"
              aria-label="Search media"
              placeholder="Search titles"
              defaultValue={query.search ?? ''}
              className="pl-9"
            />
          </div>
          <Select
            key={query.type ?? ''}
            name="type"
            aria-label="Type"
            defaultValue={query.type ?? ''}
            className="w-36"
          >
            <option value="">All types</option>
            {Object.entries(typeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Button type="submit">Search</Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link href="/dashboard/media">Clear</Link>
            </Button>
          ) : null}
        </QueryForm>
      ) : null}
      <MediaGrid
        assets={assets}
        empty={
          <Card className="px-6 py-14 text-center">
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <ImageIcon className="size-6" />
            </span>
            <p className="mt-3 font-medium">
              {filtered
                ? 'No images match this search'
                : query.page > 1
                  ? 'No images on this page'
                  : 'Your library is empty'}
            </p>
            <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
              {filtered || query.page > 1 ? (
                <Link href="/dashboard/media" className="text-link">
                  Show the whole library
                </Link>
              ) : (
                'Drop your logo, team photos or office pictures on the area above. Each gets a permanent address to use in pages, posts and author profiles.'
              )}
            </p>
          </Card>
        }
      />
      <Pagination
        total={total}
        noun={['image', 'images']}
        page={query.page}
        perPage={query.per_page}
        href={(page) => mediaHref({ search: query.search, type: query.type, page })}
      />
    </>
  );
}
