'use client';

import { Check, Copy, ExternalLink, Pencil } from 'lucide-react';
import Link from 'next/link';
import { type ReactNode, useState, useTransition } from 'react';
import { describeAsset } from '@/components/media/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import type { AssetOut, BrokenReference } from '@/lib/media/schemas';
import { deleteAssetAction, renameAssetAction } from './actions';

type Notice =
  | { kind: 'deleted'; title: string; references: BrokenReference[] }
  | { kind: 'error'; message: string };

const fieldNames: Record<string, string> = {
  cover_image: 'cover image',
  og_image: 'sharing image',
  content: 'text',
  avatar_url: 'picture',
};

const referenceHref = (reference: BrokenReference) =>
  reference.resource === 'page' ? `/dashboard/pages/${reference.id}` : '/dashboard/authors';

/** The library's tiles; what a delete left behind stays on screen after its tile is gone. */
export function MediaGrid({ assets, empty }: { assets: AssetOut[]; empty: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      {notice?.kind === 'error' ? <Alert className="mb-4">{notice.message}</Alert> : null}
      {notice?.kind === 'deleted' ? (
        <DeletedNotice notice={notice} onDismiss={() => setNotice(null)} />
      ) : null}
      {assets.length === 0 ? (
        empty
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {assets.map((asset) => (
            <AssetTile key={asset.id} asset={asset} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </>
  );
}

function DeletedNotice({
  notice,
  onDismiss,
}: {
  notice: Extract<Notice, { kind: 'deleted' }>;
  onDismiss: () => void;
}) {
  if (notice.references.length === 0)
    return (
      <Alert variant="success" className="mb-4 flex items-center justify-between">
        Deleted “{notice.title}”.
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </Alert>
    );
  return (
    <div
      role="alert"
      data-testid="broken-references"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="flex items-start justify-between gap-4">
        <p className="font-medium">
          Deleted “{notice.title}”.{' '}
          {notice.references.length === 1
            ? 'It was still in use here, which now shows a missing image:'
            : `It was still in use in ${notice.references.length} places, which now show a missing image:`}
        </p>
        <Button variant="ghost" size="sm" onClick={onDismiss} className="-mt-1 shrink-0">
          Dismiss
        </Button>
      </div>
      <ul className="mt-2 grid gap-1">
        {notice.references.map((reference) => (
          <li key={`${reference.resource}-${reference.id}`}>
            <Link href={referenceHref(reference)} className="font-medium underline underline-offset-2">
              {reference.title}
            </Link>{' '}
            <span className="text-amber-800">
              ({reference.resource === 'page' ? 'page' : 'author'}:{' '}
              {reference.fields.map((field) => fieldNames[field] ?? field).join(', ')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AssetTile({ asset, onNotice }: { asset: AssetOut; onNotice: (notice: Notice) => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asset.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): let the owner copy by hand.
      window.prompt('Copy this image address:', asset.url);
    }
  };
  return (
    <li
      className="group flex flex-col overflow-hidden rounded-lg border border-border bg-white shadow-sm"
      data-testid="asset-tile"
    >
      <a
        href={asset.url}
        target="_blank"
        rel="noreferrer"
        className="relative block aspect-square bg-muted bg-[conic-gradient(#f1f2f5_25%,#fff_0_50%,#f1f2f5_0_75%,#fff_0)] bg-[length:16px_16px]"
        aria-label={`Open ${asset.title} in a new tab`}
      >
        {/* biome-ignore lint/performance/noImgElement: hosted on our own CDN route; thumbnails are already small */}
        <img
          src={asset.thumbnail_url}
          alt={asset.title}
          loading="lazy"
          className="size-full object-cover transition-transform group-hover:scale-[1.02]"
        />
      </a>
      <div className="grid gap-0.5 px-3 pt-2.5">
        <p className="truncate text-sm font-medium" title={asset.title}>
          {asset.title}
        </p>
        <p className="truncate text-xs text-muted-foreground">{describeAsset(asset)}</p>
      </div>
      <div className="mt-2 flex items-center gap-1 border-t border-border px-1.5 py-1">
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          onClick={copy}
          aria-label={copied ? 'Copied' : `Copy URL of ${asset.title}`}
          title="Copy URL"
        >
          {copied ? <Check className="text-success" /> : <Copy />}
          {copied ? 'Copied' : 'Copy URL'}
        </Button>
        <Button asChild variant="ghost" size="icon" className="size-8" title="Open the original">
          <a href={asset.url} target="_blank" rel="noreferrer" aria-label={`Open original of ${asset.title}`}>
            <ExternalLink />
          </a>
        </Button>
        <RenameDialog asset={asset} />
        <div className="ml-auto">
          <ConfirmDialog
            trigger="Delete"
            title={`Delete “${asset.title}”?`}
            description="The image and its address stop working everywhere it is used. This cannot be undone."
            confirmLabel="Delete image"
            pendingLabel="Deleting…"
            onConfirm={async () => {
              const result = await deleteAssetAction(asset.id);
              onNotice(
                result.ok
                  ? { kind: 'deleted', title: asset.title, references: result.broken_references }
                  : { kind: 'error', message: result.error },
              );
            }}
          />
        </div>
      </div>
    </li>
  );
}

function RenameDialog({ asset }: { asset: AssetOut }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        title="Rename"
        aria-label={`Rename ${asset.title}`}
        onClick={() => setOpen(true)}
      >
        <Pencil />
      </Button>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const title = String(new FormData(event.currentTarget).get('title') ?? '');
            startTransition(async () => {
              const result = await renameAssetAction(asset.id, title);
              if (result.ok) setOpen(false);
              else setError(result.error);
            });
          }}
        >
          <DialogHeader>
            <DialogTitle>Rename image</DialogTitle>
            <DialogDescription>
              It is how you find the image in the library; its address stays the same.
            </DialogDescription>
          </DialogHeader>
          <TextField
            name="title"
            id={`asset-${asset.id}-title`}
            label="Title"
            defaultValue={asset.title}
            maxLength={200}
            autoFocus
            error={error}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
