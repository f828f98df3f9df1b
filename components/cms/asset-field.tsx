'use client';

import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { MediaLibrary } from '@/components/media/media-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { AssetOut } from '@/lib/media/schemas';

/** What the form shows of a chosen asset. */
export type AssetSummary = Pick<AssetOut, 'id' | 'title' | 'thumbnail_url'>;

/**
 * A media-asset field: the chosen asset's thumbnail and title, and a library dialog to choose or upload
 * another. It stores the asset's id, where the media picker hands out URLs.
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
            <MediaLibrary
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
