'use client';

import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { deleteSecretAction } from './actions';
import { SetSecretForm } from './set-secret-form';

export function SecretRowActions({ name }: { name: string }) {
  const [rotating, setRotating] = useState(false);
  const close = useCallback(() => setRotating(false), []);
  return (
    <div className="flex justify-end gap-1">
      <Dialog open={rotating} onOpenChange={setRotating}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="sm">
            Replace value
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Replace the value of “{name}”</DialogTitle>
            <DialogDescription>
              Everything that refers to <code className="font-mono">vault:{name}</code> uses the new value
              from its next use on. The old value is discarded.
            </DialogDescription>
          </DialogHeader>
          <SetSecretForm name={name} onSaved={close} />
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        trigger="Delete"
        title={`Delete “${name}”?`}
        description={
          <>
            Configuration still referring to <code className="font-mono">vault:{name}</code> will get an empty
            value. This cannot be undone.
          </>
        }
        confirmLabel="Delete secret"
        pendingLabel="Deleting…"
        onConfirm={() => deleteSecretAction(name)}
      />
    </div>
  );
}
