import { readFileSync } from 'node:fs';
import { blend, type Color, parse, wcagContrast } from 'culori';
import { describe, expect, it } from 'vitest';

// The theme's pairs as the components use them, measured from app/globals.css: a token change that
// drops a badge, an alert or the focus ring under WCAG's ratios fails here, before axe sees a page.

const css = readFileSync('app/globals.css', 'utf8');
const token = (name: string): Color => {
  const value = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(css)?.[1];
  const color = value && parse(value);
  if (!color) throw new Error(`no --color-${name} in app/globals.css`);
  return color;
};
const white = parse('#ffffff')!;
/** `bg-<name>/<percent>` over white, as Tailwind mixes it. */
const tint = (name: string, percent: number) => blend([white, { ...token(name), alpha: percent / 100 }]);

describe('theme contrast (WCAG 2.1 AA)', () => {
  it.each([
    ['badge success: text-success on bg-success/10', token('success'), tint('success', 10)],
    [
      'badge destructive: text-destructive on bg-destructive/10',
      token('destructive'),
      tint('destructive', 10),
    ],
    ['badge default: text-primary on bg-primary/10', token('primary'), tint('primary', 10)],
    ['alert error: text-destructive on bg-destructive/5', token('destructive'), tint('destructive', 5)],
    ['alert success: text-success on bg-success/5', token('success'), tint('success', 5)],
    ['destructive button', token('destructive-foreground'), token('destructive')],
    ['primary button', token('primary-foreground'), token('primary')],
    ['muted text on white', token('muted-foreground'), white],
    ['muted text on muted', token('muted-foreground'), token('muted')],
    ['links: primary on white', token('primary'), white],
    ['text on the page background', token('foreground'), token('background')],
  ])('%s is at least 4.5:1', (_name, text, background) => {
    expect(wcagContrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['on white', white],
    ['on the muted grey', token('muted')],
    ['on the page background', token('background')],
  ])('the focus ring (primary) is at least 3:1 %s', (_name, background) => {
    expect(wcagContrast(token('primary'), background)).toBeGreaterThanOrEqual(3);
  });
});
