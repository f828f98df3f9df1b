'use client';

import { createContext, type ReactNode, useContext } from 'react';
import { type DateStyle, DEFAULT_LOCALE, formatDate } from '@/lib/core/format';

const LocaleContext = createContext(DEFAULT_LOCALE);

/** The organization's locale for every date below it (the dashboard layout provides it). */
export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

/** The locale dates are written in, for text that is not a `DateText` (titles, sentences). */
export const useLocale = () => useContext(LocaleContext);

/**
 * A date as the dashboard writes dates: `formatDate` in the organization's locale, in a `<time>`;
 * `utc` says so after times of day. Without a value it shows `empty`.
 */
export function DateText({
  value,
  style = 'date',
  utc = false,
  empty = '—',
}: {
  value: string | Date | null | undefined;
  style?: DateStyle;
  utc?: boolean;
  empty?: ReactNode;
}) {
  const locale = useLocale();
  if (!value) return empty;
  const date = new Date(value);
  return (
    // Server and browser ICU may space times differently (U+202F); the text is the same date.
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {formatDate(date, locale, style)}
      {utc ? ' UTC' : ''}
    </time>
  );
}
