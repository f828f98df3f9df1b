'use client';

import { Check, X } from 'lucide-react';
import { useActionRunner } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { reviewItemAction } from '../../item-actions';

/** Approve (publish) or reject (archive) one pending submission. */
export function ReviewButtons({ slug, id }: { slug: string; id: string }) {
  const { pending, error, run } = useActionRunner();
  const decide = (decision: 'approve' | 'reject') => run(() => reviewItemAction(slug, id, decision));
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <Button variant="outline" size="sm" disabled={pending} onClick={() => decide('reject')}>
        <X /> Reject
      </Button>
      <Button size="sm" disabled={pending} onClick={() => decide('approve')}>
        <Check /> Approve
      </Button>
    </div>
  );
}
