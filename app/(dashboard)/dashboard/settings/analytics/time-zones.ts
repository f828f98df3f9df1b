/** Every IANA zone the runtime knows (the API's check uses the same list), UTC first, each with its offset now. */
export function timeZoneOptions(now = new Date()): { value: string; label: string }[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  const named = zones.map((zone) => {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value;
    return {
      value: zone,
      label: `${zone.replaceAll('_', ' ')} (${offset === 'GMT' ? 'UTC' : offset?.replace('GMT', 'UTC')})`,
    };
  });
  return [{ value: 'UTC', label: 'UTC' }, ...named];
}
