'use client';

import { Fragment, type ReactNode, useState } from 'react';
import { Dialog, DialogContent, DialogTrigger } from './dialog';

/**
 * A dialog holding a create form that starts empty every time it opens: what the form showed once
 * (a new key, a new secret) must not reappear. `children` gets the callback that closes it.
 */
export function FreshFormDialog({
  trigger,
  contentClassName,
  children,
}: {
  /** The button that opens it (wrapped with `asChild`). */
  trigger: ReactNode;
  contentClassName?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFormKey((k) => k + 1);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={contentClassName}>
        <Fragment key={formKey}>{children(() => setOpen(false))}</Fragment>
      </DialogContent>
    </Dialog>
  );
}
