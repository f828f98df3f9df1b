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
