'use client';

import { ImageIcon, LoaderCircle, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { listImagesAction } from '@/app/(dashboard)/dashboard/media/actions';
import { UploadZone } from '@/app/(dashboard)/dashboard/media/upload-zone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { AssetOut } from '@/lib/media/schemas';

const SEARCH_DELAY_MS = 300;

/** What the form shows of a chosen asset. */
export type AssetSummary = Pick<AssetOut, 'id' | 'title' | 'thumbnail_url'>;

/**
 * A media-asset field: the chosen asset's thumbnail and title, and a library dialog to choose or upload
 * another. The media picker hands out URLs; an asset field stores the asset's id, hence its own grid.
 */
export function AssetField({
  id,
  label,
  value,
  known,
  onChange,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  /** Assets the page already loaded, by id, to show the current one without a round trip. */
  known?: Record<string, AssetSummary>;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<AssetSummary | null>(null);
  const current = value ? (chosen?.id === value ? chosen : known?.[value]) : undefined;
  return (
    <div
      className="flex items-center gap-3 rounded-md border border-border bg-white p-2 shadow-sm aria-invalid:border-destructive"
      aria-invalid={invalid || undefined}
    >
      <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-muted">
        {current ? (
          // biome-ignore lint/performance/noImgElement: hosted on our own CDN route; thumbnails are already small
          <img src={current.thumbnail_url} alt="" className="size-full object-cover" />
        ) : (
          <ImageIcon className="size-5 text-muted-foreground" />
        )}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        {current ? (
          <p className="truncate font-medium">{current.title}</p>
        ) : value ? (
          <p className="truncate text-muted-foreground" title={value}>
            Asset {value}
          </p>
        ) : (
          <p className="text-muted-foreground">No asset chosen</p>
        )}
      </div>
      <Button
        id={id}
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        {value ? 'Change' : 'Choose from library'}
      </Button>
      {value && !disabled ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
          Remove
        </Button>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] max-w-3xl grid-rows-[auto_minmax(0,1fr)] overflow-hidden">
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
            <DialogDescription>Pick an asset from your media library, or upload a new one.</DialogDescription>
          </DialogHeader>
          {open ? (
            <AssetLibrary
              onChoose={(asset) => {
                setChosen(asset);
                setOpen(false);
                onChange(asset.id);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function AssetLibrary({ onChoose }: { onChoose: (asset: AssetOut) => void }) {
  const [search, setSearch] = useState('');
  const [assets, setAssets] = useState<AssetOut[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    setLoading(true);
    const timer = setTimeout(
      async () => {
        const result = await listImagesAction({ search: search.trim() || undefined, page });
        if (!current) return;
        setLoading(false);
        if (!result.ok) {
          setError(result.error);
          return;
        }
        setError(undefined);
        setTotal(result.total);
        setAssets((shown) => (page === 1 ? result.assets : [...shown, ...result.assets]));
      },
      page === 1 ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, page]);

  return (
    <div className="grid min-h-0 gap-3 overflow-y-auto pr-1">
      <UploadZone compact onUploaded={(asset) => onChoose(asset)} />
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search assets"
          placeholder="Search your library"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className="pl-9"
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {assets.length > 0 ? (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Assets">
          {assets.map((asset) => (
            <li key={asset.id}>
              <button
                type="button"
                onClick={() => onChoose(asset)}
                className="group block w-full rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
              >
                <span className="block aspect-square overflow-hidden rounded-md border border-border bg-muted group-hover:border-primary">
                  {/* biome-ignore lint/performance/noImgElement: hosted on our own CDN route; thumbnails are already small */}
                  <img src={asset.thumbnail_url} alt="" loading="lazy" className="size-full object-cover" />
                </span>
                <span className="mt-1 block truncate text-xs font-medium">{asset.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : loading ? null : (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {search.trim() ? 'No assets match this search.' : 'No assets yet: upload the first one above.'}
        </p>
      )}
      {loading ? (
        <p className="flex items-center justify-center gap-2 py-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" /> Loading assets…
        </p>
      ) : assets.length < total ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-center"
          onClick={() => setPage(page + 1)}
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}
