import { Search } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { CategoryOut } from '@/lib/categories/schemas';
import { type JobType, jobStatuses, jobTypeLabels, jobTypes, type ListJobsQuery } from '@/lib/jobs/schemas';
import { QueryForm } from '../_components/query-form';
import { jobStatusLabels } from './status-badges';

export interface JobFilterValues {
  search?: string;
  status?: string;
  job_type?: JobType;
  category?: string;
  is_remote?: boolean;
}

export function filterValues(query: ListJobsQuery | null): JobFilterValues {
  if (!query) return {};
  return {
    search: query.search,
    status: query.status,
    job_type: query.job_types?.[0],
    category: query.categories?.[0],
    is_remote: query.is_remote,
  };
}

/** Main categories, each followed by its sub-categories. */
export function categoryTree(categories: CategoryOut[]): { main: CategoryOut; subs: CategoryOut[] }[] {
  return categories
    .filter((category) => !category.parent_id)
    .map((main) => ({ main, subs: categories.filter((category) => category.parent_id === main.id) }));
}

function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select id={id} name={name} defaultValue={defaultValue ?? ''}>
        {children}
      </Select>
    </div>
  );
}

export function JobFilters({
  values,
  categories,
  active,
}: {
  values: JobFilterValues;
  categories: CategoryOut[];
  active: boolean;
}) {
  const remote = values.is_remote === undefined ? '' : String(values.is_remote);
  return (
    <QueryForm
      action="/dashboard/jobs"
      className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4 shadow-sm"
    >
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            name="search"
            type="search"
            aria-label="Search jobs"
            placeholder="Search title, company or description"
            defaultValue={values.search ?? ''}
            className="pl-9"
          />
        </div>
        <Button type="submit">Apply filters</Button>
        {active ? (
          <Button asChild variant="ghost">
            <Link href="/dashboard/jobs">Clear</Link>
          </Button>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <FilterSelect id="filter-status" name="status" label="Status" defaultValue={values.status}>
          <option value="">Any status</option>
          {jobStatuses.map((status) => (
            <option key={status} value={status}>
              {jobStatusLabels[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="filter-type" name="job_types" label="Job type" defaultValue={values.job_type}>
          <option value="">Any type</option>
          {jobTypes.map((type) => (
            <option key={type} value={type}>
              {jobTypeLabels[type]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="filter-category" name="categories" label="Category" defaultValue={values.category}>
          <option value="">Any category</option>
          {categoryTree(categories).map(({ main, subs }) => [
            <option key={main.id} value={main.id}>
              {main.name}
            </option>,
            ...subs.map((sub) => (
              <option key={sub.id} value={sub.id}>
                {`\u00a0\u00a0\u00a0${sub.name}`}
              </option>
            )),
          ])}
        </FilterSelect>
        <FilterSelect id="filter-remote" name="is_remote" label="Remote" defaultValue={remote}>
          <option value="">Remote or on-site</option>
          <option value="true">Remote only</option>
          <option value="false">On-site only</option>
        </FilterSelect>
      </div>
    </QueryForm>
  );
}
