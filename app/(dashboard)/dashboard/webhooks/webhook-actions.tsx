'use client';

import { Power, PowerOff, Send } from 'lucide-react';
import Link from 'next/link';
import { useState, useTransition } from 'react';
import { ActionButton } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import {
  deleteWebhookAction,
  rotateWebhookSecretAction,
  sendTestEventAction,
  setWebhookEnabledAction,
  type WebhookActionResult,
} from './actions';
import { OneTimeSecret } from './one-time-secret';

export interface WebhookActionsProps {
  id: string;
  targetUrl: string;
  isEnabled: boolean;
  /** Boardkit's reason for disabling it: its notice carries the Enable button then. */
  disabledReason: string | null;
  /** Set when the secret comes from the vault: it is rotated there, not here. */
  secretRef: string | null;
  /** Hours the old secret keeps signing after a rotation. */
  overlapHours: number;
  /** On the delivery log: a test event shows up right there, and deleting leaves the page. */
  onLog?: boolean;
}

/** Owner/admin controls of one subscription, with the outcome (or the service's refusal) underneath. */
export function WebhookActions({
  id,
  targetUrl,
  isEnabled,
  disabledReason,
  secretRef,
  overlapHours,
  onLog,
}: WebhookActionsProps) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ error?: string; tested?: boolean }>({});
  const run = (action: () => Promise<WebhookActionResult>, tested = false) =>
    startTransition(async () => {
      const { error } = await action();
      setResult({ error, tested: !error && tested });
    });
  return (
    <div className="grid justify-items-start gap-2">
      <div className="flex flex-wrap items-center gap-1">
        <Button
          size="sm"
          variant="outline"
          disabled={pending || !isEnabled}
          title={isEnabled ? undefined : 'Enable the webhook to send a test event'}
          onClick={() => run(() => sendTestEventAction(id), true)}
        >
          <Send /> Send test event
        </Button>
        {isEnabled ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={pending}
            onClick={() => run(() => setWebhookEnabledAction(id, false))}
          >
            <PowerOff /> Disable
          </Button>
        ) : disabledReason ? null : (
          <Button
            size="sm"
            variant="ghost"
            disabled={pending}
            onClick={() => run(() => setWebhookEnabledAction(id, true))}
          >
            <Power /> Enable
          </Button>
        )}
        {secretRef ? null : <RotateSecretDialog id={id} targetUrl={targetUrl} overlapHours={overlapHours} />}
        <ConfirmDialog
          trigger="Delete"
          title="Delete this webhook?"
          description={
            <>
              <span className="break-all">{targetUrl}</span> stops receiving events, and its delivery log is
              deleted with it. This cannot be undone; to pause deliveries instead, disable it.
            </>
          }
          confirmLabel="Delete webhook"
          pendingLabel="Deleting…"
          onConfirm={async () => setResult({ error: (await deleteWebhookAction(id, Boolean(onLog))).error })}
        />
      </div>
      {result.error ? <p className="text-xs text-destructive">{result.error}</p> : null}
      {result.tested ? (
        <p className="text-xs text-success" role="status">
          Test event queued.{' '}
          {onLog ? (
            'It appears in the log below.'
          ) : (
            <Link href={`/dashboard/webhooks/${id}`} className="font-medium underline">
              Open the delivery log
            </Link>
          )}
        </p>
      ) : null}
    </div>
  );
}

/** The Enable button of the notice that says why Boardkit disabled a webhook. */
export function EnableWebhookButton({ id }: { id: string }) {
  return (
    <ActionButton
      size="sm"
      action={() => setWebhookEnabledAction(id, true)}
      icon={<Power />}
      label="Enable"
      pendingLabel="Enabling…"
    />
  );
}

function RotateSecretDialog({
  id,
  targetUrl,
  overlapHours,
}: {
  id: string;
  targetUrl: string;
  overlapHours: number;
}) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<WebhookActionResult>({});
  const [pending, startTransition] = useTransition();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The new secret is shown once: closing forgets it.
        if (!next) setResult({});
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost">
          Rotate secret
        </Button>
      </DialogTrigger>
      <DialogContent>
        {result.secret ? (
          <>
            <DialogHeader>
              <DialogTitle>Copy the new signing secret</DialogTitle>
              <DialogDescription>
                For <span className="break-all">{targetUrl}</span>. This is the only time it is shown.
              </DialogDescription>
            </DialogHeader>
            <OneTimeSecret secret={result.secret} />
            <p className="text-sm text-muted-foreground">
              For the next {overlapHours} hours every delivery is signed with both the new and the old secret
              (two signatures in <code className="font-mono">webhook-signature</code>), so your receiver keeps
              accepting events while you switch it over. After that only the new secret signs.
            </p>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Rotate the signing secret?</DialogTitle>
              <DialogDescription>
                A new secret is generated and signs every delivery to{' '}
                <span className="break-all">{targetUrl}</span> from now on. The old one keeps signing beside
                it for {overlapHours} hours, then stops: update your receiver within that time.
              </DialogDescription>
            </DialogHeader>
            <FormError message={result.error} attempt={result} />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button
                disabled={pending}
                onClick={() =>
                  startTransition(async () => {
                    setResult(await rotateWebhookSecretAction(id));
                  })
                }
              >
                {pending ? 'Rotating…' : 'Rotate secret'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
