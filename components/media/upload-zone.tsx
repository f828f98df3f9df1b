'use client';

import { CircleAlert, CircleCheck, Copy, ImageUp, LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { MAX_ASSET_BYTES } from '@/lib/media/limits';
import type { AssetOut } from '@/lib/media/schemas';
import { formatBytes } from './format';

const UPLOAD_URL = '/dashboard/media/upload';
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/avif,image/svg+xml';

type UploadStatus = 'queued' | 'uploading' | 'done' | 'duplicate' | 'failed';

interface Upload {
  key: number;
  file: File;
  /** Share of the bytes sent, 0 to 1. */
  progress: number;
  status: UploadStatus;
  error?: string;
}

export interface UploadAnswer {
  asset?: AssetOut;
  deduplicated?: boolean;
  error?: { message: string; code: string };
}

/**
 * One multipart POST to the media library (its service and checks) whose progress the browser
 * reports (fetch cannot, server actions neither).
 */
export function uploadToLibrary(
  file: File,
  onProgress: (share: number) => void,
): Promise<{ status: number; body: UploadAnswer | null }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_URL);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: request.response as UploadAnswer | null });
    request.onerror = () => resolve({ status: 0, body: null });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** What a failed upload says: the library's refusal, else what went wrong on the way. */
export function uploadError(status: number, body: UploadAnswer | null): string {
  return (
    body?.error?.message ??
    (status === 0
      ? 'The connection dropped before the upload finished. Try again.'
      : 'Something went wrong on our side. Try again in a moment.')
  );
}

/**
 * Drop images anywhere on the zone or click to choose them; several files go up one after the other,
 * each with its own progress bar and outcome.
 */
export function UploadZone({
  onUploaded,
  compact = false,
}: {
  onUploaded: (asset: AssetOut, deduplicated: boolean) => void;
  compact?: boolean;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<Upload[]>([]);
  const running = useRef(false);
  const nextKey = useRef(0);

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const uploadOne = async (upload: Upload) => {
    if (upload.file.size > MAX_ASSET_BYTES) {
      patch(upload.key, {
        status: 'failed',
        error: `This file is ${formatBytes(upload.file.size)}; images may weigh at most ${formatBytes(MAX_ASSET_BYTES)}.`,
      });
      return;
    }
    patch(upload.key, { status: 'uploading' });
    const { status, body } = await uploadToLibrary(upload.file, (progress) =>
      patch(upload.key, { progress }),
    );
    if (body?.asset) {
      patch(upload.key, { status: body.deduplicated ? 'duplicate' : 'done', progress: 1 });
      onUploaded(body.asset, !!body.deduplicated);
    } else {
      patch(upload.key, { status: 'failed', error: uploadError(status, body) });
    }
  };

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    for (let upload = queue.current.shift(); upload; upload = queue.current.shift()) await uploadOne(upload);
    running.current = false;
  };

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    const added = Array.from(files, (file) => ({
      key: nextKey.current++,
      file,
      progress: 0,
      status: 'queued' as const,
    }));
    setUploads((all) => [...all, ...added]);
    queue.current.push(...added);
    void drain();
  };

  const finished = uploads.filter((upload) => upload.status !== 'queued' && upload.status !== 'uploading');

  return (
    <div className="grid gap-3">
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer.files);
        }}
        data-testid="upload-zone"
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border bg-muted/40 px-6 text-center transition-colors hover:border-primary/50 hover:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
          compact ? 'py-5' : 'py-10',
          dragging && 'border-primary bg-primary/10',
        )}
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-white text-primary shadow-sm">
          <ImageUp className="size-5" />
        </span>
        <span className="text-sm font-medium">
          {dragging ? 'Drop to upload' : 'Drag images here, or click to choose'}
        </span>
        <span className="text-xs text-muted-foreground">
          JPEG, PNG, GIF, WebP, AVIF or SVG · up to {formatBytes(MAX_ASSET_BYTES)} each · several at once
        </span>
        <input
          type="file"
          multiple
          accept={ACCEPT}
          aria-label="Upload images"
          className="sr-only"
          onChange={(event) => {
            add(event.target.files);
            // The same file may be chosen again after a failure.
            event.target.value = '';
          }}
        />
      </label>
      {uploads.length > 0 ? (
        <div className="grid gap-2">
          <ul className="grid gap-2" aria-label="Uploads">
            {uploads.map((upload) => (
              <UploadRow key={upload.key} upload={upload} />
            ))}
          </ul>
          {finished.length > 0 && finished.length === uploads.length ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-end"
              onClick={() => setUploads([])}
            >
              Clear list
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const statusText: Record<UploadStatus, string> = {
  queued: 'Waiting…',
  uploading: 'Uploading…',
  done: 'Uploaded',
  duplicate: 'Already in your library',
  failed: 'Not uploaded',
};

function UploadRow({ upload }: { upload: Upload }) {
  const processing = upload.status === 'uploading' && upload.progress >= 1;
  const percent = Math.round(upload.progress * 100);
  return (
    <li
      className="rounded-md border border-border bg-white px-3 py-2 text-sm"
      data-testid="upload-row"
      data-status={upload.status}
    >
      <div className="flex items-center gap-2">
        <UploadIcon status={upload.status} />
        <span className="min-w-0 flex-1 truncate font-medium">{upload.file.name}</span>
        <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(upload.file.size)}</span>
        <span
          className={cn(
            'w-40 shrink-0 text-right text-xs',
            upload.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
            upload.status === 'done' && 'text-success',
          )}
        >
          {processing
            ? 'Processing…'
            : upload.status === 'uploading'
              ? `${percent}%`
              : statusText[upload.status]}
        </span>
      </div>
      {upload.status === 'uploading' || upload.status === 'queued' ? (
        <div
          role="progressbar"
          aria-label={`Uploading ${upload.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full bg-primary transition-[width]', processing && 'animate-pulse')}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      {upload.error ? <p className="mt-1 pl-6 text-xs text-destructive">{upload.error}</p> : null}
    </li>
  );
}

function UploadIcon({ status }: { status: UploadStatus }) {
  if (status === 'done') return <CircleCheck className="size-4 shrink-0 text-success" />;
  if (status === 'duplicate') return <Copy className="size-4 shrink-0 text-muted-foreground" />;
  if (status === 'failed') return <CircleAlert className="size-4 shrink-0 text-destructive" />;
  return <LoaderCircle className="size-4 shrink-0 animate-spin text-muted-foreground" />;
}
