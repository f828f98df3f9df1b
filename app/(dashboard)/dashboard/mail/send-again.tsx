'use client';

import { RotateCcw } from 'lucide-react';
import { ActionButton } from '@/components/ui/action-button';
import { sendAllFailedMailAgainAction, sendMailAgainAction } from './actions';

/** `message` names the row for a screen reader, where every row's button reads "Send again". */
export function SendAgainButton({ id, message }: { id: string; message: string }) {
  return (
    <ActionButton
      size="sm"
      variant="outline"
      aria-label={`Send again: ${message}`}
      action={() => sendMailAgainAction(id)}
      icon={<RotateCcw />}
      label="Send again"
      pendingLabel="Queuing…"
      errorClassName="max-w-64 text-right"
    />
  );
}

export function SendAllAgainButton({ count }: { count: number }) {
  return (
    <ActionButton
      variant="outline"
      action={() => sendAllFailedMailAgainAction()}
      icon={<RotateCcw />}
      label={`Send ${count === 1 ? 'the failed message' : `all ${count} failed messages`} again`}
      pendingLabel="Queuing…"
      errorClassName="max-w-64 text-right"
    />
  );
}
