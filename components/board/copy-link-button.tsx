'use client';

import { Link as LinkIcon } from 'lucide-react';
import { useState } from 'react';

/** Copies an address to the clipboard and says so; where the browser refuses, shows the address to copy by hand. */
export function CopyLinkButton({ url, className }: { url: string; className?: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };
  return (
    <>
      <button type="button" onClick={copy} className={className}>
        <LinkIcon aria-hidden className="size-4" /> {outcome === 'copied' ? 'Link copied' : 'Copy link'}
      </button>
      <span aria-live="polite" className={outcome === 'failed' ? 'block break-all text-xs' : 'sr-only'}>
        {outcome === 'copied'
          ? 'The link is copied.'
          : outcome === 'failed'
            ? `Copy this address: ${url}`
            : ''}
      </span>
    </>
  );
}
