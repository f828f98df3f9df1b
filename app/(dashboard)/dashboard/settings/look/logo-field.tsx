'use client';

import { ImageIcon, ImageUp, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { formatBytes } from '@/components/media/format';
import { MediaPicker } from '@/components/media/media-picker';
import { uploadError, uploadToLibrary } from '@/components/media/upload-zone';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { TextField } from '@/components/ui/field';
import { MAX_ASSET_BYTES } from '@/lib/media/limits';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/avif,image/svg+xml';

/**
 * The board's logo: chosen from the media library, or uploaded here into it (the same route and
 * checks as the Media page), previewed, removable. An address typed by hand stays possible.
 */
export function LogoField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const [picking, setPicking] = useState(false);
  const [upload, setUpload] = useState<{ state: 'idle' | 'uploading' | 'failed'; message?: string }>({
    state: 'idle',
  });

  const uploadFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_ASSET_BYTES) {
      setUpload({
        state: 'failed',
        message: `This file is ${formatBytes(file.size)}; images may weigh at most ${formatBytes(MAX_ASSET_BYTES)}.`,
      });
      return;
    }
    setUpload({ state: 'uploading' });
    const { status, body } = await uploadToLibrary(file, () => {});
    if (body?.asset) {
      setUpload({ state: 'idle' });
      onChange(body.asset.url);
    } else setUpload({ state: 'failed', message: uploadError(status, body) });
  };

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">Logo</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-16 w-40 max-w-full items-center justify-center rounded-md border border-border bg-white p-2">
          {value ? (
            // biome-ignore lint/performance/noImgElement: any http(s) host may serve the logo
            <img src={value} alt="Your logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-center text-xs text-muted-foreground">
              No logo: the header shows the name
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
            <ImageIcon /> Choose from library
          </Button>
          <label
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md border border-border bg-white px-3 text-xs font-medium shadow-sm hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary [&_svg]:size-4',
              disabled && 'pointer-events-none opacity-50',
            )}
          >
            <ImageUp aria-hidden /> Upload a logo
            <input
              type="file"
              accept={ACCEPT}
              className="sr-only"
              onChange={(event) => {
                void uploadFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {value ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
              Remove logo
            </Button>
          ) : null}
        </div>
      </div>
      <p aria-live="polite" className="text-xs empty:hidden">
        {upload.state === 'uploading' ? (
          <span className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden /> Uploading to your media library…
          </span>
        ) : upload.state === 'failed' ? (
          <span className="text-destructive">{upload.message}</span>
        ) : null}
      </p>
      <details open={!!error} className="text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
          Advanced: use an image address
        </summary>
        <div className="mt-2">
          <TextField
            name="logo_url"
            label="Logo URL"
            type="url"
            placeholder="https://cdn.example.com/logo.svg"
            hint="Any https image address. Choosing or uploading above fills it in."
            value={value}
            onChange={(event) => onChange(event.target.value)}
            error={error}
          />
        </div>
      </details>
      <MediaPicker open={picking} onOpenChange={setPicking} title="Choose your logo" onSelect={onChange} />
    </fieldset>
  );
}
