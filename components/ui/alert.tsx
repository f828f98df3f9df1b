import type { ComponentProps } from 'react';
import { cn } from './cn';

const variants = {
  error: 'border-destructive/30 bg-destructive/5 text-destructive',
  success: 'border-success/30 bg-success/5 text-success',
  // A standing problem to fix, not the answer to an action.
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
};

export function Alert({
  className,
  variant = 'error',
  ...props
}: ComponentProps<'div'> & { variant?: 'error' | 'success' | 'warning' }) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border px-3 py-2 text-sm', variants[variant], className)}
      {...props}
    />
  );
}
