import { formatMoney, toMinorUnits } from '@/lib/core/money';

/** Formats annual salary figures in the statistics' currency (or as plain numbers without one). */
export function moneyFormatter(currency: string | null): {
  full: (n: number) => string;
  short: (n: number) => string;
} {
  const options: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency, maximumFractionDigits: 0 }
    : { maximumFractionDigits: 0 };
  const plain = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
  const short = new Intl.NumberFormat('en', {
    ...options,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return {
    // Whole amounts, written as every other amount of money is.
    full: currency
      ? (n) => formatMoney(toMinorUnits(Math.round(n), currency), currency)
      : (n) => plain.format(n),
    short: (n) => short.format(n),
  };
}

/** A round axis maximum at or above `value`, and the tick step that divides it into 2–5 parts. */
export function niceScale(value: number): { max: number; step: number } {
  if (value <= 0) return { max: 1, step: 1 };
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const step = (factor * magnitude) / 2;
    const max = Math.ceil(value / step) * step;
    if (max / step <= 5) return { max, step };
  }
  return { max: 10 * magnitude, step: 2 * magnitude };
}
