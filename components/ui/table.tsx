import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * Every table in the product: it scrolls sideways inside its own region when its columns do not fit
 * (320 px screens, 400% zoom), never the page (WCAG 1.4.10). The region is a Tab stop with a name, so
 * keyboard users can scroll it too. It is positioned, so that absolutely placed content of the table
 * (sr-only text in a cell) stays inside it instead of widening the page.
 */
export function Table({
  label,
  className,
  testId,
  children,
}: {
  /** The region's name, what a screen reader announces on reaching it: usually the table's subject. */
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must be reachable to be scrolled by keyboard
      tabIndex={0}
      className="relative overflow-x-auto focus-visible:-outline-offset-2"
    >
      <table className={cn('w-full text-sm', className)} data-testid={testId}>
        {children}
      </table>
    </section>
  );
}

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
