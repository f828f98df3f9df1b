/** Formats annual salary figures in the statistics' currency (or as plain numbers without one). */
export function moneyFormatter(currency: string | null): {
  full: (n: number) => string;
  short: (n: number) => string;
} {
  const options: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency, maximumFractionDigits: 0 }
    : { maximumFractionDigits: 0 };
  const full = new Intl.NumberFormat('en', options);
  const short = new Intl.NumberFormat('en', {
    ...options,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return { full: (n) => full.format(n), short: (n) => short.format(n) };
}
