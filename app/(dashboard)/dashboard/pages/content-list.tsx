import { Plus, Search } from 'lucide-react';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listAuthors } from '@/lib/authors/service';
import { listPagesQuerySchema, type PageKind, pageStatuses } from '@/lib/pages/schemas';
import { listPages } from '@/lib/pages/service';
import { EmptyState } from '../_components/empty-state';
import { Pagination } from '../_components/pagination';
import { QueryForm } from '../_components/query-form';
import { PageHeader } from '../page-header';
import { kindCopy, PageStatusBadge, pageStatusLabels } from './labels';

export type SearchParams = Record<string, string | string[] | undefined>;

/** The filters this list reads from the address: one value per key, blanks dropped. */
function filtersFrom(searchParams: SearchParams): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const key of ['status', 'search', 'page']) {
    const value = searchParams[key];
    const text = Array.isArray(value) ? value.at(-1) : value;
    if (text?.trim()) filters[key] = text.trim();
  }
  return filters;
}

/** The Pages list and the Blog list: the same table over one `kind`. */
export async function ContentList({ kind, searchParams }: { kind: PageKind; searchParams: SearchParams }) {
  const { organization } = await requireMembership();
  const copy = kindCopy[kind];
  const db = await getDb();
  const raw = filtersFrom(searchParams);
  const parsed = listPagesQuerySchema.safeParse({ ...raw, kind });
  const query = parsed.success ? parsed.data : listPagesQuerySchema.parse({ kind });
  const kept = parsed.success ? raw : {};
  const [{ pages, total }, authors] = await Promise.all([
    listPages(db, organization.id, query),
    kind === 'blog_post' ? listAuthors(db, organization.id) : Promise.resolve([]),
  ]);
  const authorNames = new Map(authors.map((author) => [author.id, author.name]));
  const filtered = parsed.success && (query.status !== undefined || !!query.search);
  const href = (page: number) => {
    const params = new URLSearchParams({ ...kept, page: String(page) });
    if (page === 1) params.delete('page');
    const text = params.toString();
    return text ? `${copy.listPath}?${text}` : copy.listPath;
  };

  return (
    <>
      <PageHeader
        title={copy.title}
        description={
          kind === 'blog_post'
            ? 'Articles on your board’s blog (/blog/…), newest first. Drafts stay hidden until you publish them.'
            : 'Pages of your board such as “About” or “Hiring guide” (/…). Drafts stay hidden until you publish them.'
        }
        actions={
          <Button asChild>
            <Link href={`${copy.listPath}/new`}>
              <Plus /> {copy.newLabel}
            </Link>
          </Button>
        }
      />
      {parsed.success ? null : (
        <Alert variant="warning" className="mb-4">
          Some filters in the address could not be read, so all {copy.many} are shown.
        </Alert>
      )}
      {total > 0 || filtered || query.page > 1 ? (
        <QueryForm
          action={copy.listPath}
          className="mb-4 flex gap-2 rounded-lg border border-border bg-white p-4 shadow-sm"
        >
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              key={query.search ?? ''}
              name="search"
              type="search"
              aria-label={`Search ${copy.many}`}
              placeholder="Search titles"
              defaultValue={query.search ?? ''}
              className="pl-9"
            />
          </div>
          <Select
            key={query.status ?? ''}
            name="status"
            aria-label="Status"
            defaultValue={query.status ?? ''}
            className="w-40"
          >
            <option value="">Any status</option>
            {pageStatuses.map((status) => (
              <option key={status} value={status}>
                {pageStatusLabels[status]}
              </option>
            ))}
          </Select>
          <Button type="submit">Apply</Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link href={copy.listPath}>Clear</Link>
            </Button>
          ) : null}
        </QueryForm>
      ) : null}
      <Card>
        {pages.length === 0 ? (
          <EmptyState
            title={
              filtered
                ? `No ${copy.many} match these filters`
                : query.page > 1
                  ? `No ${copy.many} on this page`
                  : `No ${copy.many} yet`
            }
          >
            {filtered || query.page > 1 ? (
              <Link href={copy.listPath} className="text-link">
                Show all {copy.many}
              </Link>
            ) : (
              `Write the first one with “${copy.newLabel}”, or send them through the API.`
            )}
          </EmptyState>
        ) : (
          <Table label={copy.title}>
            <TableHead>
              <th className="w-1/2 px-4 py-3 font-medium">Title</th>
              <th className="px-4 py-3 font-medium">Status</th>
              {kind === 'blog_post' ? <th className="px-4 py-3 font-medium">Author</th> : null}
              <th className="px-4 py-3 font-medium">Published</th>
              <th className="px-4 py-3 font-medium">Edited</th>
            </TableHead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.id} className="border-b border-border last:border-0" data-testid="page-row">
                  <td className="max-w-0 px-4 py-3">
                    <Link href={`${copy.listPath}/${page.id}`} className="font-medium hover:underline">
                      {page.title}
                    </Link>
                    <p className="mt-0.5 truncate text-xs text-muted-foreground">{page.url}</p>
                  </td>
                  <td className="px-4 py-3">
                    <PageStatusBadge status={page.status} />
                  </td>
                  {kind === 'blog_post' ? (
                    <td className="px-4 py-3 text-muted-foreground">
                      {page.author_id ? (authorNames.get(page.author_id) ?? '—') : '—'}
                    </td>
                  ) : null}
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                    <DateText value={page.published_at} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                    <DateText value={page.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Pagination
        total={total}
        noun={[copy.one, copy.many]}
        page={query.page}
        perPage={query.per_page}
        href={href}
      />
    </>
  );
}
