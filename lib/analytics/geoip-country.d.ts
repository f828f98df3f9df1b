// geoip-country ships no types; the one function used here.
declare module 'geoip-country' {
  export function lookup(address: string): { country: string } | null;
}
