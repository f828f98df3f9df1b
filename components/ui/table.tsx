import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * The header row of every table in the product, so column headings look alike everywhere: small
 * uppercase muted text, a rule under it (`rule="both"` when the table sits inside a card's body).
 */
export function TableHead({
  children,
  rule = 'below',
  className,
}: {
  children: ReactNode;
  rule?: 'below' | 'both' | 'none';
  className?: string;
}) {
  return (
    <thead>
      <tr
        className={cn(
          'border-border text-left text-xs uppercase tracking-wide text-muted-foreground',
          { below: 'border-b', both: 'border-y', none: '' }[rule],
          className,
        )}
      >
        {children}
      </tr>
    </thead>
  );
}
