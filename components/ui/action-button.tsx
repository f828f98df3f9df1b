'use client';

import { type ComponentProps, type ReactNode, useState, useTransition } from 'react';
import { Button } from './button';
import { cn } from './cn';

/** What a dashboard server action answers: nothing on success, the refusal's message otherwise. */
export interface ActionResult {
  error?: string;
}

/**
 * Runs server actions in a transition and keeps the last one's refusal: `pending` disables the
 * buttons meanwhile, `error` is shown beside them.
 */
export function useActionRunner() {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  const run = (action: () => Promise<ActionResult>) =>
    startTransition(async () => {
      setError((await action()).error);
    });
  return { pending, error, setError, run };
}

/** One button that runs a server action, with its refusal underneath. */
export function ActionButton({
  action,
  icon,
  label,
  pendingLabel,
  errorClassName,
  ...buttonProps
}: Omit<ComponentProps<typeof Button>, 'onClick' | 'disabled' | 'children'> & {
  action: () => Promise<ActionResult>;
  icon?: ReactNode;
  label: string;
  pendingLabel: string;
  errorClassName?: string;
}) {
  const { pending, error, run } = useActionRunner();
  return (
    <div className="grid justify-items-end gap-1">
      <Button {...buttonProps} disabled={pending} onClick={() => run(action)}>
        {icon} {pending ? pendingLabel : label}
      </Button>
      {error ? <p className={cn('text-xs text-destructive', errorClassName)}>{error}</p> : null}
    </div>
  );
}
