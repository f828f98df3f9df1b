import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A native <select> styled like Input. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-9 w-full rounded-md border border-border bg-white px-2 text-sm shadow-sm transition-colors disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
