'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { fittingLabels, type LabelLayout } from './chart-labels';

/** The widths the labels take in `element`'s font, measured on a canvas (no layout pass). */
function labelWidths(element: HTMLElement, texts: string[][]): number[] {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return texts.map(() => 0);
  const style = getComputedStyle(element);
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return texts.map((lines) => Math.max(0, ...lines.map((line) => context.measureText(line).width)));
}

/**
 * A chart's x-axis labels, as many as fit without touching (every k-th, back from the newest). The
 * server renders the `most` it would show on a wide screen; in the browser the labels are measured
 * and thinned to the axis's width, again whenever it changes (a phone, zoom, larger text).
 * `groups` (the year of each month) is written under the first label shown and where it changes.
 */
export function ChartXLabels({
  labels,
  groups,
  layout,
  most,
  className,
}: {
  labels: string[];
  groups?: string[];
  layout: LabelLayout;
  most?: number;
  className?: string;
}) {
  const axis = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() =>
    fittingLabels({ widths: labels.map(() => 0), span: Number.POSITIVE_INFINITY, layout, most }),
  );

  useLayoutEffect(() => {
    const element = axis.current;
    if (!element) return;
    const refit = () => {
      const widths = labelWidths(
        element,
        labels.map((label, index) => [label, groups?.[index] ?? '']),
      );
      const style = getComputedStyle(element);
      const span =
        element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const next = fittingLabels({ widths, span, layout, most, gap: layout === 'points' ? 8 : 4 });
      setShown((current) => (current.join() === next.join() ? current : next));
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [labels, groups, layout, most]);

  const visible = new Set(shown);
  const groupShown = (index: number) => {
    const group = groups?.[index];
    if (!group) return null;
    const previous = shown[shown.indexOf(index) - 1];
    return previous === undefined || groups?.[previous] !== group ? group : null;
  };

  if (layout === 'columns')
    return (
      <div
        ref={axis}
        data-chart-x-labels
        className={cn('grid text-center text-xs text-muted-foreground', className)}
        style={{ gridTemplateColumns: `repeat(${labels.length}, minmax(0, 1fr))` }}
      >
        {labels.map((label, index) =>
          visible.has(index) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity
            <span key={index} className="justify-self-center whitespace-nowrap leading-tight">
              {label}
              {groupShown(index) ? <span className="block">{groupShown(index)}</span> : null}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity
            <span key={index} />
          ),
        )}
      </div>
    );

  const xAt = (index: number) => (labels.length > 1 ? `${(index / (labels.length - 1)) * 100}%` : '50%');
  return (
    <div
      ref={axis}
      data-chart-x-labels
      className={cn('relative h-4 text-xs text-muted-foreground', className)}
    >
      {shown.map((index) => (
        <span
          key={index}
          className={cn(
            'absolute whitespace-nowrap',
            labels.length > 1 && index === 0
              ? ''
              : labels.length > 1 && index === labels.length - 1
                ? '-translate-x-full'
                : '-translate-x-1/2',
          )}
          style={{ left: xAt(index) }}
        >
          {labels[index]}
        </span>
      ))}
    </div>
  );
}
