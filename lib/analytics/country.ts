// The visitor's country: the edge's header when the host sets one (Vercel), else an offline
// lookup of the address (GeoLite2 data, loaded on first use), else unknown.
import { isIP } from 'node:net';
import { logError } from '@/lib/core/logger';

let geoip: Promise<typeof import('geoip-country')> | undefined;

export async function countryOf(headers: Headers, address: string): Promise<string | null> {
  const edge = headers.get('x-vercel-ip-country')?.trim().toUpperCase();
  if (edge && /^[A-Z]{2}$/.test(edge) && edge !== 'XX') return edge;
  if (!isIP(address)) return null;
  geoip ??= import('geoip-country');
  try {
    return (await geoip).lookup(address)?.country ?? null;
  } catch (error) {
    // Without its data the country is unknown; the visit still counts.
    logError('geoip_lookup_failed', error);
    return null;
  }
}
