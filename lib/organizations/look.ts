// The board's look from the organization's `board` settings (organization data: payments' receipts
// and alert mails wear it as the board does), with defaults that look finished.
import type { BoardLook } from '@/db/schema';

export const DEFAULT_ACCENT = '#3346c4';

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The accent as used for buttons (white text) and links on white: the owner's colour, darkened
 * step by step until it has AA contrast (4.5:1), so no choice of colour fails WCAG.
 */
export function accessibleAccent(hex: string | null | undefined): string {
  let color = /^#[0-9a-f]{6}$/i.test(hex ?? '') ? hex!.toLowerCase() : DEFAULT_ACCENT;
  for (let step = 0; step < 40 && contrastWithWhite(color) < 4.5; step++) {
    const darker = [1, 3, 5].map((offset) =>
      Math.floor(Number.parseInt(color.slice(offset, offset + 2), 16) * 0.92),
    );
    color = `#${darker.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  }
  return color;
}

export interface AccentChoice {
  /** The colour the board really uses. */
  accent: string;
  /** Set when the owner's colour was darkened: the sentence that says why, to show beside the field. */
  adjustment: string | null;
}

const ratio = (value: number) => `${Math.floor(value * 10) / 10}:1`;

/** The accent a colour typed as `#rrggbb` gives, and in words why it differs when it does. */
export function explainAccent(hex: string | null | undefined): AccentChoice {
  const accent = accessibleAccent(hex);
  const chosen = hex?.toLowerCase() ?? '';
  if (!/^#[0-9a-f]{6}$/.test(chosen) || accent === chosen) return { accent, adjustment: null };
  return {
    accent,
    adjustment: `${chosen} is too light for white text (contrast ${ratio(contrastWithWhite(chosen))}, WCAG AA needs 4.5:1), so the board uses ${accent}, with contrast ${ratio(contrastWithWhite(accent))}.`,
  };
}

export interface ResolvedLook {
  name: string;
  logoUrl: string | null;
  accent: string;
  tagline: string;
  footerText: string | null;
  navLinks: { label: string; url: string }[];
}

export function resolveLook(name: string, look: BoardLook | null | undefined): ResolvedLook {
  return {
    name,
    logoUrl: look?.logo_url ?? null,
    accent: accessibleAccent(look?.accent_color),
    tagline: look?.tagline ?? `The latest jobs at ${name}`,
    footerText: look?.footer_text ?? null,
    navLinks: look?.nav_links ?? [],
  };
}
