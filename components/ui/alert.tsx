import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Alert({
  className,
  variant = 'error',
  ...props
}: ComponentProps<'div'> & { variant?: 'error' | 'success' }) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        variant === 'error'
          ? 'border-destructive/30 bg-destructive/5 text-destructive'
          : 'border-success/30 bg-success/5 text-success',
        className,
      )}
      {...props}
    />
  );
}
