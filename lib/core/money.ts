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

/**
 * The price as people write it: `$49` (no `.00` when whole), `$49.50`, `€19`, `¥5,000`.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency);
  const fraction = minor % 10 ** digits === 0 ? 0 : digits;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(minor / 10 ** digits);
}
