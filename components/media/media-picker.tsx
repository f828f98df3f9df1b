'use client';

import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { AssetOut } from '@/lib/media/schemas';
import { describeAsset } from './format';
import { UploadZone } from './upload-zone';

const SEARCH_DELAY_MS = 300;
/** The dashboard's session-signed route for the library's images (`app/(dashboard)/dashboard/media/images`). */
const IMAGES_URL = '/dashboard/media/images';

type ImagesAnswer = { ok: true; assets: AssetOut[]; total: number } | { ok: false; error: string };

/** One page of the library's images, newest first; a failed request reads as an error to show. */
async function listImages(query: { search?: string; page: number }): Promise<ImagesAnswer> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.search) params.set('search', query.search);
  try {
    const response = await fetch(`${IMAGES_URL}?${params}`, { headers: { accept: 'application/json' } });
    const body = (await response.json().catch(() => null)) as ImagesAnswer | null;
    if (body && typeof body.ok === 'boolean') return body;
    return { ok: false, error: 'Something went wrong on our side. Try again in a moment.' };
  } catch {
    return { ok: false, error: 'The images could not be loaded. Check your connection and try again.' };
  }
}

/**
 * Choose an image of the library (or upload one) and hand its hosted URL to `onSelect`. With
 * `addressLabel`, an image address typed by hand is accepted as well.
 */
export function MediaPicker({
  open,
  onOpenChange,
  onSelect,
  title = 'Choose an image',
  addressLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (url: string) => void;
  title?: string;
  addressLabel?: string;
}) {
  const choose = (url: string) => {
    onOpenChange(false);
    onSelect(url);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl grid-rows-[auto_minmax(0,1fr)_auto] overflow-hidden">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Pick an image from your media library, or upload a new one.</DialogDescription>
        </DialogHeader>
        {open ? <MediaLibrary onChoose={(asset) => choose(asset.url)} /> : null}
        {addressLabel ? <AddressForm label={addressLabel} onChoose={choose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The library's images, searchable and paged, with an upload zone on top; a click hands one to `onChoose`. */
export function MediaLibrary({ onChoose }: { onChoose: (asset: AssetOut) => void }) {
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
        const result = await listImages({ search: search.trim() || undefined, page });
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

  const uploaded = (asset: AssetOut, deduplicated: boolean) => {
    setAssets((shown) => [asset, ...shown.filter((other) => other.id !== asset.id)]);
    if (!deduplicated) setTotal((count) => count + 1);
  };

  return (
    <div className="grid min-h-0 gap-3 overflow-y-auto pr-1">
      <UploadZone compact onUploaded={uploaded} />
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search images"
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
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Images">
          {assets.map((asset) => (
            <li key={asset.id}>
              <button
                type="button"
                onClick={() => onChoose(asset)}
                title={describeAsset(asset)}
                className="group block w-full rounded-md text-left"
              >
                <span className="block aspect-square overflow-hidden rounded-md border border-border bg-muted group-hover:border-primary group-hover:ring-2 group-hover:ring-primary/30">
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
          {search.trim() ? 'No images match this search.' : 'No images yet: upload the first one above.'}
        </p>
      )}
      {loading ? (
        <p className="flex items-center justify-center gap-2 py-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" /> Loading images…
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

function AddressForm({ label, onChoose }: { label: string; onChoose: (url: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      className="flex items-center gap-2 border-t border-border pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) onChoose(value.trim());
      }}
    >
      <Input
        type="url"
        aria-label={label}
        placeholder="Or paste an image address: https://cdn.example.com/photo.jpg"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="h-8 flex-1"
      />
      <Button type="submit" size="sm" variant="outline" disabled={!value.trim()}>
        Use address
      </Button>
    </form>
  );
}
