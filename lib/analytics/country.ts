// The visitor's country: the edge's header when the host sets one (Vercel), else an offline
// lookup of the address (GeoLite2 data, loaded on first use), else unknown.
import { isIP } from 'node:net';

let geoip: Promise<typeof import('geoip-country')> | undefined;

export async function countryOf(headers: Headers, address: string): Promise<string | null> {
  const edge = headers.get('x-vercel-ip-country')?.trim().toUpperCase();
  if (edge && /^[A-Z]{2}$/.test(edge) && edge !== 'XX') return edge;
  if (!isIP(address)) return null;
  geoip ??= import('geoip-country');
  return (await geoip).lookup(address)?.country ?? null;
}
