'use client';

import { type FocusEvent, type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from './cn';

/** The controls a toolbar moves between: enabled buttons, selects and links, in document order. */
function controls(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, select, a[href]')].filter(
    (element) => !(element as HTMLButtonElement).disabled,
  );
}

/**
 * The WAI-ARIA toolbar pattern: one Tab stop for the whole group (the control focused last, or the
 * first), ArrowLeft/ArrowRight move between controls and wrap, Home/End go to the ends. Tab stops are
 * set on the DOM after each render, so controls that appear, vanish or turn disabled are followed.
 */
export function Toolbar({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement | null>(null);

  const settle = () => {
    if (!root.current) return;
    const items = controls(root.current);
    const stop = current.current && items.includes(current.current) ? current.current : items[0];
    for (const item of items) item.tabIndex = item === stop ? 0 : -1;
  };

  // No dependency list on purpose: every render may add, remove or disable a control.
  useLayoutEffect(settle);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!root.current || !controls(root.current).includes(event.target)) return;
    current.current = event.target;
    settle();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!root.current || event.altKey || event.ctrlKey || event.metaKey) return;
    const items = controls(root.current);
    const at = items.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const next = {
      ArrowRight: items[(at + 1) % items.length],
      ArrowLeft: items[(at - 1 + items.length) % items.length],
      Home: items[0],
      End: items.at(-1),
    }[event.key];
    if (!next) return;
    // A select would otherwise change its value on ArrowLeft/ArrowRight.
    event.preventDefault();
    next.focus();
  };

  return (
    <div
      ref={root}
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      className={className}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

/** A rule between groups of a toolbar's controls. */
export function ToolbarSeparator({ className }: { className?: string }) {
  return <hr aria-orientation="vertical" className={cn('mx-1 h-6 w-px border-0 bg-border', className)} />;
}
