import { CornerDownRight } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import type { CategoryOut } from '@/lib/categories/schemas';
import { listCategories } from '@/lib/categories/service';
import { EmptyState } from '../_components/empty-state';
import { queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { RowPagination } from '../_components/pagination';
import { rowPage } from '../_components/row-page';
import { AddCategoryForm } from './add-category-form';
import { CategoryParentForm } from './category-parent-form';

export const metadata: Metadata = { title: 'Categories · Boardkit' };

/** Main categories (by name), each followed by its sub-categories. */
function ordered(categories: CategoryOut[]): { category: CategoryOut; sub: boolean }[] {
  const rows: { category: CategoryOut; sub: boolean }[] = [];
  for (const main of categories.filter((category) => !category.parent_id)) {
    rows.push({ category: main, sub: false });
    for (const sub of categories.filter((category) => category.parent_id === main.id))
      rows.push({ category: sub, sub: true });
  }
  // Anything nested deeper than the rules allow (data from elsewhere) still gets a row.
  const shown = new Set(rows.map((row) => row.category.id));
  for (const category of categories) if (!shown.has(category.id)) rows.push({ category, sub: true });
  return rows;
}

const CATEGORIES_PATH = '/dashboard/categories';

export default async function CategoriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const canManage = can(role, 'categories.manage');
  const address = queryFrom(await searchParams);
  const categories = await listCategories(await getDb(), organization.id);
  // A page of rows in their nesting order; a main category on any page can take sub-categories.
  const shown = rowPage(ordered(categories), address.page);
  const mains = categories
    .filter((category) => !category.parent_id)
    .map((category) => ({ id: category.id, name: category.name }));
  const subCount = categories.length - mains.length;
  return (
    <ListPage
      title="Categories"
      description="Group jobs by field. Categories nest one level: a main category and its sub-categories."
      intro={
        canManage ? (
          <Card className="mb-6">
            <CardHeader>
              <CardTitle>Add a category</CardTitle>
              <CardDescription>Jobs can also create categories: a new name on a job adds it.</CardDescription>
            </CardHeader>
            <CardContent>
              <AddCategoryForm mainCategories={mains} />
            </CardContent>
          </Card>
        ) : null
      }
      empty={
        shown.rows.length === 0 ? (
          <EmptyState title={`No categories ${shown.page > 1 ? 'on this page' : 'yet'}`}>
            Add one above, or give a job a category in the{' '}
            <Link href="/dashboard/jobs/new" className="text-link">
              job form
            </Link>
            .
          </EmptyState>
        ) : undefined
      }
      pager={
        <RowPagination
          rows={shown}
          noun={['category', 'categories']}
          path={CATEGORIES_PATH}
          address={address}
        />
      }
    >
      <Table label="Categories">
        <TableHead>
          <th className="px-4 py-3 font-medium">Category</th>
          <th className="px-4 py-3 text-right font-medium">Jobs</th>
          <th className="px-4 py-3 text-right font-medium">{canManage ? 'Nesting' : 'Parent'}</th>
        </TableHead>
        <tbody>
          {shown.rows.map(({ category, sub }) => (
            <tr
              key={category.id}
              className={cn('border-b border-border align-top last:border-0', sub ? '' : 'bg-muted/40')}
              data-testid="category-row"
            >
              <td className="px-4 py-3">
                <div className={cn('flex items-center gap-2', sub ? 'pl-6' : 'font-medium')}>
                  {sub ? <CornerDownRight className="size-4 shrink-0 text-muted-foreground" /> : null}
                  <span data-testid="category-name">{category.name}</span>
                </div>
                <div className={cn('mt-0.5 font-mono text-xs text-muted-foreground', sub ? 'pl-12' : '')}>
                  {category.slug}
                </div>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{category.job_count}</td>
              <td className="px-4 py-2 text-right">
                {canManage ? (
                  <CategoryParentForm
                    name={category.name}
                    parentId={category.parent_id}
                    mainCategories={mains.filter((main) => main.id !== category.id)}
                  />
                ) : (
                  <span className="text-muted-foreground">
                    {mains.find((main) => main.id === category.parent_id)?.name ?? '—'}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="border-t border-border px-4 py-3 text-xs text-muted-foreground">
        {mains.length} main categor{mains.length === 1 ? 'y' : 'ies'}, {subCount} sub-categor
        {subCount === 1 ? 'y' : 'ies'}. A main category’s job count includes its sub-categories’ jobs.
      </p>
    </ListPage>
  );
}
