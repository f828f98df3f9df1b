import { describe, expect, it } from 'vitest';
import { describeTimeZone, isoToLocalInput, localInputToIso } from './date-time';

describe('datetime-local values in a time zone', () => {
  it.each([
    ['2026-01-15T09:30:00.000Z', 'UTC', '2026-01-15T09:30'],
    ['2026-01-15T09:30:00.000Z', 'Europe/Paris', '2026-01-15T10:30'],
    ['2026-07-15T09:30:00.000Z', 'Europe/Paris', '2026-07-15T11:30'],
    ['2026-01-15T03:00:00.000Z', 'America/New_York', '2026-01-14T22:00'],
    ['2026-01-15T09:30:00.000Z', 'Asia/Kolkata', '2026-01-15T15:00'],
  ])('shows %s in %s as %s, and reads it back', (iso, zone, local) => {
    expect(isoToLocalInput(iso, zone)).toBe(local);
    expect(localInputToIso(local, zone)).toBe(iso);
  });

  it('drops seconds for the input and accepts them when typed', () => {
    expect(isoToLocalInput('2026-01-15T09:30:59Z', 'UTC')).toBe('2026-01-15T09:30');
    expect(localInputToIso('2026-01-15T09:30:15', 'UTC')).toBe('2026-01-15T09:30:15.000Z');
  });

  it('resolves a wall time skipped by a DST jump to a real instant', () => {
    // Paris jumps from 02:00 to 03:00 on 2026-03-29.
    const iso = localInputToIso('2026-03-29T02:30', 'Europe/Paris');
    expect(iso).not.toBeNull();
    expect(['2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z']).toContain(iso);
  });

  it('reads the hour after a DST change with the new offset', () => {
    expect(localInputToIso('2026-03-29T04:00', 'Europe/Paris')).toBe('2026-03-29T02:00:00.000Z');
    expect(localInputToIso('2026-10-25T04:00', 'Europe/Paris')).toBe('2026-10-25T03:00:00.000Z');
  });

  it('answers empty / null for what it cannot read', () => {
    expect(isoToLocalInput('next tuesday', 'UTC')).toBe('');
    expect(localInputToIso('', 'UTC')).toBeNull();
    expect(localInputToIso('2026-01-15', 'UTC')).toBeNull();
  });

  it('names the zone with its offset', () => {
    expect(describeTimeZone('UTC')).toBe('UTC (UTC+00:00)');
    expect(describeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata (UTC+05:30)');
    expect(describeTimeZone('America/New_York', Date.parse('2026-01-15T00:00:00Z'))).toBe(
      'America/New_York (UTC-05:00)',
    );
  });
});
