import type { ReactNode } from 'react';

/**
 * What a list shows when it has nothing: an optional icon, a one-line title, a hint or a way back
 * (clear the filters, the first page), and the way to add the first one (`action`, a button).
 */
export function EmptyState({
  title,
  icon,
  action,
  children,
}: {
  title: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-1 px-6 py-12 text-center">
      {icon ? <div className="mb-2">{icon}</div> : null}
      <p className="font-medium">{title}</p>
      {children ? <div className="text-sm text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
