import { formatDate } from '@/lib/core/format';

/** Offered in Settings; the API takes any tag Intl supports, and a board's own tag is kept on the list. */
const COMMON_LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IN',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pl-PL',
  'sv-SE',
  'ja-JP',
];

const SAMPLE = Date.UTC(2026, 2, 25);

/** `{ value: 'en-GB', label: 'English (United Kingdom): 25 Mar 2026' }`, one per locale. */
export function localeOptions(current: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  const locales = COMMON_LOCALES.includes(current) ? COMMON_LOCALES : [current, ...COMMON_LOCALES];
  return locales.map((locale) => ({
    value: locale,
    label: `${names.of(locale) ?? locale}: ${formatDate(SAMPLE, locale)}`,
  }));
}
