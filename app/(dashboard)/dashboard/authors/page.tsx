import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listAuthors } from '@/lib/authors/service';
import { EmptyState } from '../_components/empty-state';
import { PageHeader } from '../page-header';
import { AddAuthorForm } from './add-author-form';
import { AuthorRow } from './author-row';
import { pageCountsByAuthor } from './queries';

export const metadata: Metadata = { title: 'Authors · Boardkit' };

export default async function AuthorsPage() {
  const { organization } = await requireMembership();
  const db = await getDb();
  const [authors, counts] = await Promise.all([
    listAuthors(db, organization.id),
    pageCountsByAuthor(db, organization.id),
  ]);
  return (
    <>
      <PageHeader
        title="Authors"
        description="The people blog posts are credited to. Their name and picture appear on each post."
      />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Add an author</CardTitle>
          <CardDescription>Authors need not have a dashboard account.</CardDescription>
        </CardHeader>
        <CardContent>
          <AddAuthorForm />
        </CardContent>
      </Card>
      <Card>
        {authors.length === 0 ? (
          <EmptyState title="No authors yet">
            Add one above, then pick them in a blog post’s “Author” field.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-border">
            {authors.map((author) => (
              <AuthorRow
                key={author.id}
                author={author}
                pageCount={counts.get(author.id) ?? 0}
                others={authors.filter((other) => other.id !== author.id)}
              />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
