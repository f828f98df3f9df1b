'use client';

import { RefreshCw, RotateCcw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { ActionButton } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { retryDeliveryAction } from '../actions';

export function RetryDeliveryButton({ id, deliveryId }: { id: string; deliveryId: string }) {
  return (
    <ActionButton
      size="sm"
      variant="outline"
      action={() => retryDeliveryAction(id, deliveryId)}
      icon={<RotateCcw />}
      label="Retry now"
      pendingLabel="Retrying…"
      errorClassName="max-w-64 text-right"
    />
  );
}

const POLL_MS = 2_000;
/** A worker that is not running (or a cron a minute away) must not keep a forgotten tab polling. */
const MAX_POLLS = 60;

/**
 * Reloads the log: on demand, and by itself while a delivery is about to be attempted (`live`), so
 * a test event's outcome shows up without a manual reload.
 */
export function LogRefresher({ live }: { live: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [polls, setPolls] = useState(0);
  const polling = live && polls < MAX_POLLS;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      setPolls((count) => count + 1);
      router.refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [polling, router]);
  // Once nothing is due, the next test event or retry gets a full round of polls again.
  useEffect(() => {
    if (!live) setPolls(0);
  }, [live]);
  return (
    <div className="flex items-center gap-2">
      {polling ? <span className="text-xs text-muted-foreground">Sending… updates by itself</span> : null}
      <Button
        size="sm"
        variant="outline"
        disabled={pending}
        onClick={() => {
          setPolls(0);
          startTransition(() => router.refresh());
        }}
      >
        <RefreshCw className={pending ? 'animate-spin' : undefined} /> Refresh
      </Button>
    </div>
  );
}
