import { MapPin, Search } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { type LocationOut, listLocationsQuerySchema } from '@/lib/geo/schemas';
import { locationTypes } from '@/lib/geo/types';
import { listLocationsWithJobCounts } from '@/lib/jobs';
import { EmptyState } from '../_components/empty-state';
import { Pagination } from '../_components/pagination';
import { QueryForm } from '../_components/query-form';
import { PageHeader } from '../page-header';
import { locationTypeLabels } from './labels';
import { boardCountries } from './queries';

export const metadata: Metadata = { title: 'Locations · Boardkit' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const filterKeys = ['search', 'location_type', 'country_code'] as const;

/** "Austin" over "Texas, United States": the display name without the place's own name again. */
function placeContext(location: LocationOut): string {
  const prefix = `${location.name}, `;
  return location.display_name.startsWith(prefix)
    ? location.display_name.slice(prefix.length)
    : location.display_name === location.name
      ? ''
      : location.display_name;
}

/** The board's normalized places with their job counts; filters travel in the URL. */
export default async function LocationsPage({ searchParams }: { searchParams: SearchParams }) {
  const { organization } = await requireMembership();
  const db = await getDb();
  const raw = Object.fromEntries(
    Object.entries(await searchParams).flatMap(([key, value]) =>
      typeof value === 'string' && value.trim() ? [[key, value.trim()]] : [],
    ),
  );
  const parsed = listLocationsQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : listLocationsQuerySchema.parse({});
  const [{ items, total }, countries] = await Promise.all([
    listLocationsWithJobCounts(db, organization.id, query),
    boardCountries(db, organization.id),
  ]);
  const filtered = parsed.success && filterKeys.some((key) => raw[key]);
  const kept: Record<string, string> = parsed.success ? raw : {};
  const href = (page: number) =>
    `/dashboard/locations?${new URLSearchParams({ ...kept, page: String(page) })}`;
  return (
    <>
      <PageHeader
        title="Locations"
        description="The places your jobs are at, with how many jobs each has. A place joins this list when it is picked in a job's location field (or resolved with POST /api/locations)."
      />
      {parsed.success ? null : (
        <Alert variant="warning" className="mb-4">
          Some filters in the address could not be read, so all locations are shown:{' '}
          {parsed.error.issues
            .map((issue) => `${issue.path.join('.') || 'query'} (${issue.message.toLowerCase()})`)
            .join('; ')}
          .
        </Alert>
      )}
      {total > 0 || filtered || query.page > 1 ? (
        <QueryForm
          // Remounts on navigation: the uncontrolled fields then show the address's filters.
          key={new URLSearchParams(kept).toString()}
          action="/dashboard/locations"
          className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-border bg-white p-4 shadow-sm"
        >
          <div className="grid min-w-60 flex-1 gap-1.5">
            <Label htmlFor="filter-search" className="text-xs text-muted-foreground">
              Search
            </Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                id="filter-search"
                name="search"
                type="search"
                placeholder="Name or city"
                defaultValue={query.search ?? ''}
                className="pl-9"
              />
            </div>
          </div>
          <div className="grid w-44 gap-1.5">
            <Label htmlFor="filter-type" className="text-xs text-muted-foreground">
              Type
            </Label>
            <Select id="filter-type" name="location_type" defaultValue={query.location_type ?? ''}>
              <option value="">Any type</option>
              {locationTypes.map((type) => (
                <option key={type} value={type}>
                  {locationTypeLabels[type]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid w-52 gap-1.5">
            <Label htmlFor="filter-country" className="text-xs text-muted-foreground">
              Country
            </Label>
            <Select id="filter-country" name="country_code" defaultValue={query.country_code ?? ''}>
              <option value="">Any country</option>
              {countries.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit">Apply filters</Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link href="/dashboard/locations">Clear</Link>
            </Button>
          ) : null}
        </QueryForm>
      ) : null}
      <Card>
        {items.length === 0 ? (
          <EmptyState
            icon={<MapPin aria-hidden className="size-8 text-muted-foreground" />}
            title={filtered ? 'No locations match these filters' : 'No locations yet'}
            action={
              <Button asChild variant="outline" size="sm">
                {filtered ? (
                  <Link href="/dashboard/locations">Clear filters</Link>
                ) : (
                  <Link href="/dashboard/jobs">Go to jobs</Link>
                )}
              </Button>
            }
          >
            {filtered
              ? 'Try another search, type or country.'
              : 'Open a job, type its location and pick one of the suggested places: it shows up here with its job count.'}
          </EmptyState>
        ) : (
          <Table label="Locations">
            <TableHead>
              <th className="px-4 py-2 font-medium">Place</th>
              <th className="px-4 py-2 font-medium">Type</th>
              <th className="px-4 py-2 font-medium">Country</th>
              <th className="px-4 py-2 text-right font-medium">Live jobs</th>
              <th className="px-4 py-2 text-right font-medium">All jobs</th>
            </TableHead>
            <tbody>
              {items.map((location) => (
                <tr
                  key={location.id}
                  data-testid="location-row"
                  className="border-b border-border last:border-0"
                >
                  <td className="px-4 py-3">
                    <p className="font-medium">{location.name}</p>
                    {placeContext(location) ? (
                      <p className="text-xs text-muted-foreground">{placeContext(location)}</p>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">
                    {location.location_type ? (
                      <Badge variant="muted">{locationTypeLabels[location.location_type]}</Badge>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-4 py-3">
                    {location.country ? (
                      <>
                        {location.country}{' '}
                        <span className="text-xs text-muted-foreground">{location.country_code}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{location.active_job_count}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{location.job_count}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Pagination
        total={total}
        noun={['location', 'locations']}
        page={query.page}
        perPage={query.per_page}
        href={href}
      />
    </>
  );
}
