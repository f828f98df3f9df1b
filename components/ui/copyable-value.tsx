'use client';

import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { cn } from './cn';

/** A value shown once (a new API key, a signing secret), with a button that copies it. */
export function CopyableValue({
  value,
  testId,
  copyLabel,
  className,
  wrap = false,
}: {
  value: string;
  testId: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  className?: string;
  /** Shown whole over several lines (a snippet to read) rather than cut to one. */
  wrap?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className={cn('flex gap-2', wrap ? 'items-start' : 'items-center')}>
        <code
          data-testid={testId}
          className={cn(
            'w-0 min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-sm',
            wrap ? 'whitespace-pre-wrap break-all' : 'truncate',
          )}
        >
          {value}
        </code>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={copyLabel}
          onClick={async () => {
            await navigator.clipboard.writeText(value);
            setCopied(true);
          }}
        >
          {copied ? <Check /> : <Copy />}
        </Button>
      </div>
      {copied ? <p className="text-xs text-success">Copied to the clipboard.</p> : null}
    </div>
  );
}
