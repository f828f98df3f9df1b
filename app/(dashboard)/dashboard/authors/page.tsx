import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listAuthors } from '@/lib/authors/service';
import { EmptyState } from '../_components/empty-state';
import { queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { RowPagination } from '../_components/pagination';
import { rowPage } from '../_components/row-page';
import { AddAuthorForm } from './add-author-form';
import { AuthorRow } from './author-row';
import { pageCountsByAuthor } from './queries';

export const metadata: Metadata = { title: 'Authors · Boardkit' };

const AUTHORS_PATH = '/dashboard/authors';

export default async function AuthorsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization } = await requireMembership();
  const address = queryFrom(await searchParams);
  const db = await getDb();
  const [authors, counts] = await Promise.all([
    listAuthors(db, organization.id),
    pageCountsByAuthor(db, organization.id),
  ]);
  // Every author, not only this page's, can take over a deleted author's posts.
  const shown = rowPage(authors, address.page);
  return (
    <ListPage
      title="Authors"
      description="The people blog posts are credited to. Their name and picture appear on each post."
      intro={
        <Card className="mb-6">
          <CardHeader>
            <CardTitle>Add an author</CardTitle>
            <CardDescription>Authors need not have a dashboard account.</CardDescription>
          </CardHeader>
          <CardContent>
            <AddAuthorForm />
          </CardContent>
        </Card>
      }
      empty={
        shown.rows.length === 0 ? (
          <EmptyState title={`No authors ${shown.page > 1 ? 'on this page' : 'yet'}`}>
            Add one above, then pick them in a blog post’s “Author” field.
          </EmptyState>
        ) : undefined
      }
      pager={
        <RowPagination rows={shown} noun={['author', 'authors']} path={AUTHORS_PATH} address={address} />
      }
    >
      <ul className="divide-y divide-border">
        {shown.rows.map((author) => (
          <AuthorRow
            key={author.id}
            author={author}
            pageCount={counts.get(author.id) ?? 0}
            others={authors.filter((other) => other.id !== author.id)}
          />
        ))}
      </ul>
    </ListPage>
  );
}
