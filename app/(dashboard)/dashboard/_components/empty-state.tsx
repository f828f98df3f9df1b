import type { ReactNode } from 'react';

/** What a list shows when it has nothing: a one-line title, then a hint or the way to add the first. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-lg justify-items-center gap-3 px-6 py-12 text-center">
      <p className="font-medium">{title}</p>
      {children ? (
        <div className="grid justify-items-center gap-3 text-sm text-muted-foreground">{children}</div>
      ) : null}
    </div>
  );
}
