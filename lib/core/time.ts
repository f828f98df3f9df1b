// Durations in milliseconds, as Date arithmetic and TTLs use them. Times are stored as timestamptz
// and sent as ISO 8601 UTC (`toISOString()`).
export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
