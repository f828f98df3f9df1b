/** A byte count as people read it: `15 MB`, `1.5 KB`, `512 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** The locale of an organization that has not chosen one (`organizations.locale`'s default). */
export const DEFAULT_LOCALE = 'en-US';

const dateStyles = {
  /** `Nov 24, 2026` (en-US), `24 Nov 2026` (en-GB). */
  date: { dateStyle: 'medium' },
  /** `November 24, 2026`: what the board prints under a title. */
  long: { dateStyle: 'long' },
  /** `Nov 24, 2026, 3:07 PM`. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** `Nov 24, 2026, 3:07:12 PM`: delivery logs, where seconds tell attempts apart. */
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  /** `Nov 2026`. */
  month: { month: 'short', year: 'numeric' },
  /** `November 2026`. */
  monthLong: { month: 'long', year: 'numeric' },
  /** `Nov`: chart axes, where the year is said once. */
  monthName: { month: 'short' },
  /** `Nov 23`: a chart's day axis. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** `Mon, Nov 23, 2026`: a chart's day, in full. */
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** `14:00`: a chart's hour axis, 24-hour in every locale so hours line up. */
  hour: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof dateStyles;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way the product writes a date for people: in the organization's locale, in UTC unless a
 * time zone is given (pages that show times say "UTC" next to them).
 */
export function formatDate(
  value: Date | string | number,
  locale: string,
  style: DateStyle = 'date',
  timeZone = 'UTC',
): string {
  const key = `${locale}|${style}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...dateStyles[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(value));
}

/** A BCP 47 tag Intl can write dates in, canonical (`en-gb` → `en-GB`), or null. */
export function supportedLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length === 1 ? canonical : null;
  } catch {
    return null;
  }
}

/**
 * Text for one line of a snippet (a meta description, a share card): whitespace runs collapsed to
 * single spaces, and when longer than `max` characters, cut at the last word that fits, with `…`
 * (within `max`). A text without a space to cut at is cut between characters, never inside one.
 */
export function shortenText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max - 1).join('');
  const atWord = chars[max - 1] === ' ' ? head : head.replace(/\s+\S*$/, '');
  return `${(atWord || head).replace(/[\s,;:.–—-]+$/, '')}…`;
}

const joinedWith = {
  and: new Intl.ListFormat('en-GB', { type: 'conjunction' }),
  or: new Intl.ListFormat('en-GB', { type: 'disjunction' }),
};

/** "a, b and c" (or "a, b or c"): the dashboard's English, without a serial comma. */
export const listText = (items: readonly string[], joiner: 'and' | 'or' = 'and'): string =>
  joinedWith[joiner].format(items);
