import { gazetteerData } from './gazetteer-data';
import { fold } from './normalize';
import { placeKey } from './place-key';
import type { GeoCandidate } from './types';

const remoteWords =
  '(?:fully\\s+|100%\\s*)?(?:remote|anywhere|worldwide|work\\s+from\\s+home|wfh|distributed)';
const leading = new RegExp(`^\\s*${remoteWords}(?![\\p{L}\\p{N}])[\\s\\-–—:,/|(]*(.*?)[\\s)]*$`, 'iu');
const trailing = new RegExp(`^\\s*(.*?)[\\s\\-–—:,/|(]+${remoteWords}[\\s)]*$`, 'iu');

/** Regions a remote job is often limited to, by folded spelling. */
const areas: Record<string, string> = {
  europe: 'Europe',
  eu: 'Europe',
  emea: 'EMEA',
  americas: 'Americas',
  'north america': 'North America',
  'south america': 'South America',
  'latin america': 'Latin America',
  latam: 'Latin America',
  apac: 'APAC',
  'asia pacific': 'APAC',
  asia: 'Asia',
  africa: 'Africa',
  'middle east': 'Middle East',
  oceania: 'Oceania',
  nordics: 'Nordics',
  dach: 'DACH',
};
const everywhere = new Set(['', 'anywhere', 'worldwide', 'global', 'world', 'everywhere', 'remote']);

/**
 * "Remote", "REMOTE", "remote - europe", "Remote (US)", "Germany (remote)", "Anywhere" → a remote
 * place, one per region: "Remote", "Remote (Europe)", "Remote (United States)".
 */
export function remoteCandidate(text: string): GeoCandidate | null {
  const match = leading.exec(text) ?? trailing.exec(text);
  if (!match) return null;
  const region = fold(match[1] ?? '');
  let label: string | null = null;
  let country: { code: string; name: string } | null = null;
  if (!everywhere.has(region)) {
    const code = gazetteerData().countryAliases.get(region);
    if (code) {
      country = { code, name: gazetteerData().countries.get(code)!.name };
      label = country.name;
    } else {
      label = areas[region] ?? (match[1] ?? '').trim().replace(/\s+/g, ' ');
    }
  }
  const name = label ? `Remote (${label})` : 'Remote';
  const place = {
    name,
    display_name: name,
    city: null,
    state: null,
    state_code: null,
    country: country?.name ?? null,
    country_code: country?.code ?? null,
    latitude: null,
    longitude: null,
    location_type: 'remote' as const,
    full_address: null,
    confidence: 'exact' as const,
    address_point: null,
  };
  return { place_key: placeKey(place), ...place };
}
