import { escapeAttribute } from 'entities';
import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyableValue } from '@/components/ui/copyable-value';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import {
  EMBED_DEFAULT_COUNT,
  EMBED_MAX_COUNT,
  type EmbedFilters,
  embedDocument,
  parseEmbedQuery,
} from '@/lib/board/embed';
import { boardCategories } from '@/lib/board/queries';
import { boardUrl } from '@/lib/organizations';
import { FilterField } from '../../_components/filter-form';
import { QueryForm } from '../../_components/query-form';
import { setEmbedOriginsAction } from '../actions';
import { OriginsForm } from '../origins-form';

export const metadata: Metadata = { title: 'Widget · Settings · Boardkit' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The widget's query string for `filters`, in the order the snippet's attributes go. */
function widgetQuery(filters: EmbedFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.location) query.set('location', filters.location);
  if (filters.remote) query.set('remote', '1');
  if (filters.count !== EMBED_DEFAULT_COUNT) query.set('count', String(filters.count));
  return query;
}

/** The jobs widget: which sites may show it, its snippet and address for chosen filters, and a preview. */
export default async function WidgetSettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const { organization, role } = await requireMembership();
  const canEdit = can(role, 'settings.manage');
  const db = await getDb();
  const typed = await searchParams;
  const first = (key: string) => [typed[key]].flat()[0] ?? '';
  const asked = new URLSearchParams(
    ['category', 'location', 'remote', 'count'].flatMap((key) => (first(key) ? [[key, first(key)]] : [])),
  );
  const parsed = parseEmbedQuery(asked);
  const filters: EmbedFilters = 'problem' in parsed ? { count: EMBED_DEFAULT_COUNT } : parsed;
  const board = boardUrl(organization);
  const query = widgetQuery(filters).toString();
  const address = `${board}/embed${query ? `?${query}` : ''}`;
  const attributes = [...widgetQuery(filters)].map(
    ([key, value]) => ` data-${key}="${escapeAttribute(value)}"`,
  );
  const snippet = `<script src="${board}/embed.js"${attributes.join('')} data-title="${escapeAttribute(`Jobs at ${organization.name}`)}" async></script>`;
  const [categories, preview] = await Promise.all([
    boardCategories(db, organization),
    embedDocument(db, organization, filters, { base: board, script: false }),
  ]);
  const origins = organization.embedOrigins;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Where the widget may appear</CardTitle>
          <CardDescription>
            Your latest jobs on your own website or a partner&apos;s, in your board&apos;s look. Browsers show
            it only on pages of the sites listed here; every other page of your board still refuses to be
            framed.
            {canEdit ? '' : ' Only owners and admins can change these.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {origins.length === 0 ? (
            <Alert variant="warning">
              No site is listed, so browsers refuse to show the widget anywhere (
              <code className="font-mono">frame-ancestors &apos;none&apos;</code>). Add the address of each
              site that embeds it.
            </Alert>
          ) : (
            <p className="text-sm text-muted-foreground">
              Shown on pages of {origins.length} {origins.length === 1 ? 'site' : 'sites'}.
            </p>
          )}
          <OriginsForm
            id="embed-origins"
            label="Sites that may show the widget"
            hint={
              <>
                One per line, as <code className="font-mono">https://www.example.com</code> (scheme, host and
                port if any; no path). <code className="font-mono">https://*.example.com</code> allows every
                subdomain of your own domain. At most 20.
              </>
            }
            placeholder={'https://www.example.com\nhttps://*.example.org'}
            submitLabel="Save sites"
            action={setEmbedOriginsAction}
            origins={origins}
            disabled={!canEdit}
          />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Snippet</CardTitle>
          <CardDescription>
            Choose which jobs it shows, then paste the snippet where the jobs should appear. It loads no
            cookies and resizes itself; each job opens its page on your board in a new tab.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <QueryForm
            action="/dashboard/settings/widget"
            label="Widget filters"
            className="flex flex-wrap items-end gap-3"
          >
            <FilterField id="widget-category" label="Category">
              <Select id="widget-category" name="category" defaultValue={first('category')} className="w-48">
                <option value="">Every category</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.slug}>
                    {category.parentId ? `— ${category.name}` : category.name}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="widget-location" label="Location contains">
              <Input
                id="widget-location"
                name="location"
                defaultValue={first('location')}
                placeholder="Berlin"
                className="w-44"
              />
            </FilterField>
            <FilterField id="widget-count" label="Number of jobs">
              <Input
                id="widget-count"
                name="count"
                type="number"
                min={1}
                max={EMBED_MAX_COUNT}
                defaultValue={first('count') || String(EMBED_DEFAULT_COUNT)}
                className="w-24"
                aria-invalid={'problem' in parsed || undefined}
                aria-describedby={'problem' in parsed ? 'widget-problem' : undefined}
              />
            </FilterField>
            <label className="flex h-9 items-center gap-2 text-sm" htmlFor="widget-remote">
              <input
                id="widget-remote"
                name="remote"
                type="checkbox"
                value="1"
                defaultChecked={first('remote') === '1'}
                className="size-4 accent-primary"
              />
              Remote jobs only
            </label>
            <Button type="submit" variant="outline">
              Update snippet
            </Button>
          </QueryForm>
          {'problem' in parsed ? (
            <Alert id="widget-problem">{parsed.problem} The snippet below shows the defaults.</Alert>
          ) : null}
          <div className="grid gap-1.5">
            <h3 className="text-sm font-medium">Script snippet</h3>
            <CopyableValue value={snippet} testId="widget-snippet" copyLabel="Copy the script snippet" wrap />
          </div>
          <div className="grid gap-1.5">
            <h3 className="text-sm font-medium">Or the widget&apos;s address, for an iframe of your own</h3>
            <CopyableValue value={address} testId="widget-address" copyLabel="Copy the widget address" wrap />
          </div>
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <CardDescription>
            The widget with these filters, as visitors of the listed sites see it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <iframe
            title="Widget preview"
            srcDoc={preview.html}
            // Links open in a new tab, as on a host page; nothing in the preview runs.
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            className="h-[28rem] w-full max-w-2xl rounded-md border border-border bg-white"
          />
        </CardContent>
      </Card>
    </>
  );
}
