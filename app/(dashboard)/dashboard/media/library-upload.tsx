'use client';

import { Link2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { UploadZone } from '@/components/media/upload-zone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { addFromUrlAction } from './actions';

/** The library's upload card: the drop zone, and an image address to import instead of a file. */
export function LibraryUpload() {
  const router = useRouter();
  return (
    <div className="grid gap-4">
      <UploadZone onUploaded={() => router.refresh()} />
      <AddFromUrl onAdded={() => router.refresh()} />
    </div>
  );
}

function AddFromUrl({ onAdded }: { onAdded: () => void }) {
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const sourceUrl = String(new FormData(form).get('source_url') ?? '');
        startTransition(async () => {
          const result = await addFromUrlAction({ source_url: sourceUrl });
          if (!result.ok) {
            setMessage({ error: true, text: result.error });
            return;
          }
          form.reset();
          setMessage({
            error: false,
            text: result.deduplicated
              ? `“${result.asset.title}” is already in your library.`
              : `Added “${result.asset.title}”.`,
          });
          onAdded();
        });
      }}
    >
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Link2 className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            name="source_url"
            type="url"
            required
            aria-label="Image address"
            placeholder="Or paste the address of an image on the web: https://…"
            className="pl-9"
          />
        </div>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? 'Downloading…' : 'Add from URL'}
        </Button>
      </div>
      {message ? <Alert variant={message.error ? 'error' : 'success'}>{message.text}</Alert> : null}
    </form>
  );
}
