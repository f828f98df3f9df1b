// ISO instants ↔ the `YYYY-MM-DDTHH:mm` a datetime-local input holds, in a named time zone. The
// zone is explicit (the browser's, shown beside the input) so the server render and tests agree.

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function wallClock(instant: number, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const [year, month, day, hour, minute, second] = wallClock(instant, timeZone) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** `2026-03-01T09:30:00.000Z` in `Europe/Paris` → `2026-03-01T10:30`; '' for a value that is no instant. */
export function isoToLocalInput(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const [year, month, day, hour, minute] = wallClock(instant, timeZone) as number[];
  return `${pad(year!, 4)}-${pad(month!)}-${pad(day!)}T${pad(hour!)}:${pad(minute!)}`;
}

/**
 * `2026-03-01T10:30` read in `Europe/Paris` → `2026-03-01T09:30:00.000Z`; null when unreadable. A wall
 * time skipped by a DST jump resolves to the instant just after the jump.
 */
export function localInputToIso(local: string, timeZone: string): string | null {
  const match = LOCAL_INPUT.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = '0'] = match.slice(1).map((part) => part ?? '0');
  const asUtc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess can differ from the offset at the answer near a DST change: check once more.
  let instant = asUtc - offsetAt(asUtc, timeZone);
  const corrected = asUtc - offsetAt(instant, timeZone);
  if (
    corrected !== instant &&
    isoToLocalInput(new Date(corrected).toISOString(), timeZone) === local.slice(0, 16)
  )
    instant = corrected;
  return new Date(instant).toISOString();
}

/** `Europe/Paris (UTC+01:00)`: the zone the inputs are read in, as shown under them. */
export function describeTimeZone(timeZone: string, at = Date.now()): string {
  const minutes = Math.round(offsetAt(at, timeZone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${timeZone} (UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
}
