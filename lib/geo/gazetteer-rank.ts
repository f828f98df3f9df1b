// The gazetteer's answers: candidates for matched places, ranked, with an honest confidence.
import type { GazetteerData } from './gazetteer-data';
import { type Match, type Place, weight } from './gazetteer-match';
import type { GazetteerCity } from './gazetteer-tables';
import { fold } from './normalize';
import { placeKey } from './place-key';
import type { Confidence, GeoCandidate, GeocodeResult } from './types';

// Two places of one name are told apart by population when one is this many times bigger.
const DOMINANCE = 20;
// Below DOMINANCE the name is ambiguous; the biggest is still the likely one ("high") this many times bigger.
const LEAD = 4;

function candidate(
  data: GazetteerData,
  place: Place,
  confidence: Confidence,
  address: string | null = null,
): GeoCandidate {
  if (place.kind === 'country') {
    const country = data.countries.get(place.code)!;
    return finish({
      name: country.name,
      display_name: country.name,
      city: null,
      state: null,
      state_code: null,
      country: country.name,
      country_code: country.code,
      latitude: country.latitude,
      longitude: country.longitude,
      location_type: 'country',
      full_address: address,
      confidence,
      address_point: null,
    });
  }
  if (place.kind === 'state') {
    const state = data.states[place.index]!;
    const country = data.countries.get(state.countryCode)!;
    return finish({
      name: state.name,
      display_name: `${state.name}, ${country.name}`,
      city: null,
      state: state.name,
      state_code: state.code,
      country: country.name,
      country_code: country.code,
      latitude: state.latitude,
      longitude: state.longitude,
      location_type: 'state',
      full_address: address,
      confidence,
      address_point: null,
    });
  }
  return cityCandidate(data, data.cities.at(place.index), confidence, address);
}

export function cityCandidate(
  data: GazetteerData,
  city: GazetteerCity,
  confidence: Confidence,
  address: string | null,
): GeoCandidate {
  const state = city.state >= 0 ? data.states[city.state]! : null;
  const country = data.countries.get(city.countryCode)!;
  // "Zürich, Switzerland" rather than "Zürich, Zürich, Switzerland".
  const showState = state && fold(state.name) !== fold(city.name);
  return finish({
    name: city.name,
    display_name: [city.name, showState ? state.name : null, country.name].filter(Boolean).join(', '),
    city: city.name,
    state: state?.name ?? null,
    state_code: state?.code ?? null,
    country: country.name,
    country_code: country.code,
    latitude: city.latitude,
    longitude: city.longitude,
    location_type: 'city',
    full_address: address,
    confidence,
    address_point: null,
  });
}

const finish = (place: Omit<GeoCandidate, 'place_key'>): GeoCandidate => ({
  place_key: placeKey(place),
  ...place,
});

export interface RankOptions {
  /** The query was an address or postal code: its city is at best "high", never "exact". */
  address: boolean;
  /** The street address as typed, for `full_address`. */
  fullAddress: string | null;
}

/**
 * Ranks by population. The top is exact when it dominates its namesakes; otherwise the name is
 * ambiguous, and the top is "high" only when it still clearly leads (Portland, OR over Portland, ME),
 * else "low" like the rest (Springfield: five cities of similar size).
 */
export function rank(data: GazetteerData, match: Match, limit: number, options: RankOptions): GeocodeResult {
  const byWeight = (a: Place, b: Place) => weight(data, b) - weight(data, a);
  // Namesakes of one key (two Mountain Views in California) are one place: the most populous.
  const seen = new Set<string>();
  const unique = [...match.places].sort(byWeight).filter((place) => {
    const key = placeKey(candidate(data, place, 'low'));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A state named like one of its cities (Zürich, São Paulo, Berlin, New York, Ciudad de México)
  // follows the city, and a city named like its country (Singapore, Kuwait, Mexico City) follows
  // the country: neither makes the name ambiguous.
  const shadowed = (place: Place) => {
    if (place.kind === 'state') {
      const state = data.states[place.index]!;
      const name = fold(state.name);
      return unique.some((other) => {
        if (other.kind !== 'city') return false;
        const city = data.cities.at(other.index);
        if (city.state !== place.index) return false;
        // "California City" is a small town; "New York City" is what "New York" means.
        return (
          fold(city.name) === name ||
          (fold(city.name) === `${name} city` && city.population * 2 >= state.weight) ||
          city.population >= state.weight
        );
      });
    }
    if (place.kind === 'city') {
      const city = data.cities.at(place.index);
      const name = fold(city.name);
      return unique.some((other) => {
        if (other.kind !== 'country' || other.code !== city.countryCode) return false;
        const country = fold(data.countries.get(other.code)!.name);
        return name === country || name === `${country} city`;
      });
    }
    return false;
  };
  // The shadowed follow the top: the city of the state, the country of the capital.
  const contenders = unique.filter((place) => !shadowed(place));
  const sorted = [...contenders.slice(0, 1), ...unique.filter(shadowed), ...contenders.slice(1)];
  const lead =
    contenders.length < 2
      ? Number.POSITIVE_INFINITY
      : Math.max(1, weight(data, contenders[0]!)) / Math.max(1, weight(data, contenders[1]!));
  const dominant = lead > DOMINANCE;
  const certain = match.tier === 'exact' && !match.qualifiersIgnored;
  const confidences: Confidence[] = sorted.map((place, i) => {
    if (!certain) return 'low';
    if (i === 0) return dominant ? (options.address ? 'high' : 'exact') : lead >= LEAD ? 'high' : 'low';
    return shadowed(place) ? 'high' : 'low';
  });
  return {
    candidates: sorted
      .slice(0, limit)
      .map((place, i) => candidate(data, place, confidences[i]!, options.fullAddress)),
    ambiguous: certain && !dominant,
  };
}
