// Amounts are stored as integers in the currency's minor units (cents); these turn them into what
// people read. Intl's currency data is the one source for codes and decimals, on server and client.

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code Intl knows, in upper case (`USD`, `EUR`, `JPY`). */
export function isCurrencyCode(code: string): boolean {
  return currencies.has(code);
}

/** The decimals of the currency's minor unit: 0 for JPY, 2 for USD, 3 for BHD. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits!;
}

/** 4950 USD → 49.5; 5000 JPY → 5000. */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** 49.5 USD → 4950; 5000 JPY → 5000: rounded to the minor unit. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

// Building an Intl.NumberFormat costs far more than formatting with one (a job page writes up to ten
// amounts), so each (locale, currency, decimals) is built once.
const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string, fraction: number): Intl.NumberFormat {
  const key = `${locale}:${currency}:${fraction}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The one way an amount of money is written, in the organization's locale: `$49` (no `.00` when
 * whole), `$49.50`, `19 €` (de-DE), `¥5,000`, `BHD 1.250`. `minor` is in the currency's minor units.
 * The default locale is for the dashboard's plan editor, which has no organization at hand.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency);
  const fraction = minor % 10 ** digits === 0 ? 0 : digits;
  return moneyFormat(locale, currency, fraction).format(minor / 10 ** digits);
}
