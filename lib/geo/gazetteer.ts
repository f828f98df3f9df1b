import { DAY_MS } from '@/lib/core/time';
import { type ParsedAddress, parseAddress } from './address';
import { searchAddress } from './gazetteer-address';
import { type GazetteerData, gazetteerData, gazetteerVersion } from './gazetteer-data';
import { citiesOf, isPlaceName, matchPlaces, qualifier } from './gazetteer-match';
import { rank } from './gazetteer-rank';
import { fold } from './normalize';
import type { GeocodeResult, Geocoder, GeoQuery } from './types';

/** Place names with qualifiers: "Austin, TX", "Berlin, Germany", "Lisbon", "Zur" (typing). */
function searchNames(data: GazetteerData, query: GeoQuery, parsed: ParsedAddress): GeocodeResult {
  const names = parsed.places.map(fold).filter(Boolean);
  // Punctuation folds away to nothing: no name to look up.
  if (names.length === 0) return { candidates: [], ambiguous: false };
  let match = matchPlaces(data, names, query.country, true);
  if (match.places.length === 0 || match.qualifiersIgnored || match.tier === 'prefix') {
    // "Chiyoda-ku, Tokyo", "Champ de Mars, Paris": a later part names a city its qualifiers agree on.
    for (let i = 1; i < names.length; i++) {
      if (!data.citiesByName.has(names[i]!) && qualifier(data, names[i]!)) continue;
      const found = citiesOf(matchPlaces(data, names.slice(i), query.country, false));
      if (found.places.length && !found.qualifiersIgnored) {
        match = found;
        break;
      }
    }
  }
  if (match.places.length === 0) return { candidates: [], ambiguous: false };
  return rank(data, match, query.limit, { address: false, fullAddress: null });
}

export function searchGazetteer(query: GeoQuery): GeocodeResult {
  const data = gazetteerData();
  const text = query.text.trim().replace(/\s+/g, ' ');
  const parsed = parseAddress(text, (folded) => isPlaceName(data, folded));
  const result =
    parsed.postal || parsed.street
      ? searchAddress(data, query, parsed, text)
      : searchNames(data, query, parsed);
  // What the query said beyond its place, for callers that keep an address (not for the API).
  const postal_code = parsed.postal?.code ?? null;
  const street_address = parsed.street;
  if (!postal_code && !street_address) return result;
  return {
    ...result,
    candidates: result.candidates.map((candidate) => ({ ...candidate, postal_code, street_address })),
  };
}

/**
 * The offline default. Its answers go to the shared cache like any geocoder's: the spec's resolution
 * order holds, and a cold server answers places asked before without reading the gazetteer file.
 */
export const gazetteerGeocoder: Geocoder = {
  id: `gazetteer:${gazetteerVersion()}`,
  cacheTtlMs: 30 * DAY_MS,
  search: async (query) => searchGazetteer(query),
};

/** A region's name from its ISO 3166-2 code without the country prefix (`TX`) and its country (`US`). */
export function regionNameByCode(regionCode: string, countryCode: string): string | undefined {
  const data = gazetteerData();
  const country = countryCode.toUpperCase();
  for (const index of data.statesByCode.get(fold(regionCode)) ?? []) {
    const state = data.states[index]!;
    if (state.countryCode === country) return state.name;
  }
  return undefined;
}
