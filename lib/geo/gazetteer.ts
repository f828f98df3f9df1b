import { DAY_MS } from '@/lib/core/time';
import {
  type GazetteerCity,
  type GazetteerData,
  gazetteerData,
  gazetteerVersion,
  requireFromRoot,
} from './gazetteer-data';
import { fold } from './normalize';
import { placeKey } from './place-key';
import type { Confidence, GeoCandidate, GeocodeResult, Geocoder, GeoQuery } from './types';

type Place =
  | { kind: 'country'; code: string }
  | { kind: 'state'; index: number }
  | { kind: 'city'; index: number };

interface Qualifier {
  countries: Set<string>;
  states: Set<number>;
}

interface Match {
  places: Place[];
  /** `exact`: a name equals the query; `prefix`: names starting with it (typing in progress). */
  tier: 'exact' | 'prefix';
  qualifiersIgnored: boolean;
}

// Two places of one name are told apart by population when one is this many times bigger.
const DOMINANCE = 20;
const MAX_PREFIX_NAMES = 3_000;

function weight(data: GazetteerData, place: Place): number {
  if (place.kind === 'country') return data.countries.get(place.code)!.weight;
  if (place.kind === 'state') return data.states[place.index]!.weight;
  return data.cities[place.index]!.population;
}

function countryOf(data: GazetteerData, place: Place): string {
  if (place.kind === 'country') return place.code;
  if (place.kind === 'state') return data.states[place.index]!.countryCode;
  return data.cities[place.index]!.countryCode;
}

/** "TX", "Texas", "USA", "Deutschland": every state and country the text may mean. */
function qualifier(data: GazetteerData, text: string): Qualifier | null {
  const countries = new Set<string>();
  const states = new Set<number>();
  const country = data.countryAliases.get(text);
  if (country) countries.add(country);
  for (const index of data.statesByName.get(text) ?? []) states.add(index);
  for (const index of data.statesByCode.get(text) ?? []) states.add(index);
  return countries.size || states.size ? { countries, states } : null;
}

function satisfies(data: GazetteerData, place: Place, q: Qualifier): boolean {
  if (q.countries.has(countryOf(data, place))) return true;
  if (place.kind === 'state') return q.states.has(place.index);
  if (place.kind === 'city') return q.states.has(data.cities[place.index]!.state);
  return false;
}

function exactPlaces(data: GazetteerData, name: string, allowCodes: boolean): Place[] {
  const places: Place[] = [];
  const country = data.countryAliases.get(name);
  if (country) places.push({ kind: 'country', code: country });
  const states = new Set(data.statesByName.get(name) ?? []);
  // A bare two-letter query ("TX") may mean a state code.
  if (allowCodes && !country) for (const index of data.statesByCode.get(name) ?? []) states.add(index);
  for (const index of states) places.push({ kind: 'state', index });
  for (const index of data.citiesByName.get(name) ?? []) places.push({ kind: 'city', index });
  // "New York", "Mexico", "Kuwait": cities called "<name> City" in full.
  for (const index of data.citiesByName.get(`${name} city`) ?? []) places.push({ kind: 'city', index });
  return places;
}

function prefixPlaces(data: GazetteerData, prefix: string): Place[] {
  const names = data.sortedNames;
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (names[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  const places: Place[] = [];
  for (let i = low; i < names.length && i < low + MAX_PREFIX_NAMES && names[i]!.startsWith(prefix); i++) {
    if (names[i] === prefix) continue;
    places.push(...exactPlaces(data, names[i]!, false));
  }
  return places;
}

/** Places named by `parts` (folded: name first, then state/country qualifiers). */
function matchPlaces(
  data: GazetteerData,
  parts: string[],
  country: string | undefined,
  fuzzy: boolean,
): Match {
  const [name, ...rest] = parts;
  const inCountry = (places: Place[]) =>
    country ? places.filter((place) => countryOf(data, place) === country) : places;
  let places = inCountry(exactPlaces(data, name!, rest.length === 0));
  // "Austin TX", "Berlin Germany": a trailing qualifier without a comma.
  if (places.length === 0 && rest.length === 0) {
    const words = name!.split(' ');
    for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
      const head = words.slice(0, -k).join(' ');
      const tail = words.slice(-k).join(' ');
      if (qualifier(data, tail) && data.citiesByName.has(head))
        return matchPlaces(data, [head, tail], country, false);
    }
  }
  let tier: Match['tier'] = 'exact';
  if (places.length === 0 && fuzzy && name!.length >= 2) {
    places = inCountry(prefixPlaces(data, name!));
    tier = 'prefix';
  }
  const qualifiers = rest.map((text) => qualifier(data, text));
  if (rest.length === 0) return { places, tier, qualifiersIgnored: false };
  const qualified = qualifiers.every(Boolean)
    ? places.filter((place) => qualifiers.every((q) => satisfies(data, place, q!)))
    : [];
  if (qualified.length > 0) return { places: qualified, tier, qualifiersIgnored: false };
  return { places, tier, qualifiersIgnored: true };
}

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
  return cityCandidate(data, data.cities[place.index]!, confidence, address);
}

function cityCandidate(
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

/** Ranks by population; the top is exact when it dominates its namesakes, else the result is ambiguous. */
function rank(data: GazetteerData, match: Match, limit: number, address: string | null): GeocodeResult {
  const seen = new Set<string>();
  const unique = match.places.filter((place) => {
    const key = placeKey(candidate(data, place, 'low'));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A state named like its own city (Zürich, São Paulo, Berlin, New York) follows the city and
  // does not make the name ambiguous: the city is what people mean.
  const shadowed = (place: Place) =>
    place.kind === 'state' &&
    unique.some((other) => {
      if (other.kind !== 'city') return false;
      const city = data.cities[other.index]!;
      const name = fold(data.states[place.index]!.name);
      if (city.state !== place.index) return false;
      // "California City" is a small town; "New York City" is what "New York" means.
      return (
        fold(city.name) === name ||
        (fold(city.name) === `${name} city` && city.population >= data.states[place.index]!.weight)
      );
    });
  const byWeight = (a: Place, b: Place) => weight(data, b) - weight(data, a);
  const sorted = [
    ...unique.filter((place) => !shadowed(place)).sort(byWeight),
    ...unique.filter(shadowed).sort(byWeight),
  ];
  const contenders = sorted.filter((place) => !shadowed(place));
  const dominant =
    contenders.length < 2 ||
    Math.max(1, weight(data, contenders[1]!)) * DOMINANCE < Math.max(1, weight(data, contenders[0]!));
  const weights = sorted.map((place) => Math.max(1, weight(data, place)));
  const certain = match.tier === 'exact' && !match.qualifiersIgnored;
  const confidences: Confidence[] = sorted.map((place, i) => {
    if (!certain) return 'low';
    if (i === 0) return dominant ? (address ? 'high' : 'exact') : 'high';
    return shadowed(place) || weights[i]! * DOMINANCE >= weights[0]! ? 'high' : 'low';
  });
  return {
    candidates: sorted.slice(0, limit).map((place, i) => candidate(data, place, confidences[i]!, address)),
    ambiguous: certain && !dominant,
  };
}

const usZip = /\b(\d{5})(?:-\d{4})?\b/;
const caPostal = /\b([a-z]\d[a-z])\s?(\d[a-z]\d)?\b/i;
const ukPostcode = /\b[a-z]{1,2}\d[a-z\d]?\s?\d[a-z]{2}\b/i;

interface PostalPlace {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

let zipcodes: { lookup(code: string): PostalPlace | undefined } | undefined;

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
}

/**
 * The city a point belongs to: a namesake of `name` nearby, else the place that best combines
 * size and closeness (a downtown postal code belongs to the big city, not the next suburb).
 */
export function cityNear(
  latitude: number,
  longitude: number,
  countryCode: string,
  name?: string,
): GeoCandidate | null {
  const data = gazetteerData();
  const folded = name ? fold(name.replace(/\(.*\)/, '')) : '';
  let best: GazetteerCity | null = null;
  let bestScore = 0;
  for (const city of data.cities) {
    if (city.countryCode !== countryCode) continue;
    const km = distanceKm(latitude, longitude, city.latitude, city.longitude);
    if (km > 30) continue;
    const score = (fold(city.name) === folded ? 1e12 : 0) + city.population / (1 + km) ** 2;
    if (score > bestScore) {
      best = city;
      bestScore = score;
    }
  }
  return best ? cityCandidate(data, best, 'high', null) : null;
}

function postalCandidate(
  text: string,
  country: string | undefined,
  address: string | null,
): GeoCandidate | null {
  zipcodes ??= requireFromRoot()('zipcodes') as NonNullable<typeof zipcodes>;
  const us = usZip.exec(text);
  const ca = caPostal.exec(text);
  const code =
    us && country !== 'CA' ? us[1]! : ca && country !== 'US' ? `${ca[1]} ${ca[2] ?? ''}`.trim() : null;
  if (!code) return null;
  const found = zipcodes.lookup(code.toUpperCase());
  if (!found) return null;
  const countryCode = found.country === 'US' ? 'US' : 'CA';
  if (country && country !== countryCode) return null;
  const city = cityNear(found.latitude, found.longitude, countryCode, found.city);
  return city && { ...city, full_address: address };
}

const streetWord =
  /\b(street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|place|pl|court|ct|square|sq|parkway|pkwy|highway|hwy|terrace|rue|chemin|via|viale|piazza|calle|avenida|rua|straat|laan|plein|vej|ulica|suite|floor)\b|(strasse|str|gasse|weg|platz|allee|gatan|vagen)\b/;

function isStreet(part: string): boolean {
  const folded = fold(part);
  if (!/\d/.test(folded) || !/\p{L}{2,}/u.test(folded)) return false;
  return streetWord.test(folded) || /^\d+[a-z]?\s+\p{L}/u.test(folded) || /\p{L}\s+\d+[a-z]?$/u.test(folded);
}

/** "Bahnhofstrasse 12, 8001 Zürich" → the city, with the address as `full_address`. */
function searchAddress(data: GazetteerData, query: GeoQuery, parts: string[]): GeocodeResult | null {
  if (parts.length < 2 || !isStreet(parts[0]!)) return null;
  const address = parts.join(', ');
  const rest = parts
    .slice(1)
    .map((part) =>
      fold(
        part
          .replace(ukPostcode, ' ')
          .replace(usZip, ' ')
          .replace(caPostal, ' ')
          .replace(/\b\d{4,6}\b/, ' '),
      ),
    )
    .filter(Boolean);
  for (let i = 0; i < rest.length; i++) {
    const match = matchPlaces(data, rest.slice(i), query.country, false);
    if (match.places.length > 0) return rank(data, match, query.limit, address);
  }
  const postal = postalCandidate(address, query.country, address);
  return { candidates: postal ? [postal] : [], ambiguous: false };
}

export function searchGazetteer(query: GeoQuery): GeocodeResult {
  const data = gazetteerData();
  const parts = query.text
    .split(/[,;]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length === 0) return { candidates: [], ambiguous: false };
  const address = searchAddress(data, query, parts);
  if (address) return address;
  // Punctuation folds away to nothing: no name to look up.
  const folded = parts.map(fold).filter(Boolean);
  if (folded.length === 0) return { candidates: [], ambiguous: false };
  const match = matchPlaces(data, folded, query.country, true);
  if (match.places.length > 0) return rank(data, match, query.limit, null);
  const postal = postalCandidate(query.text, query.country, null);
  return { candidates: postal ? [postal] : [], ambiguous: false };
}

/**
 * The offline default. Its answers go to the shared cache like any geocoder's: the spec's resolution
 * order holds, and a cold server answers places asked before without loading the dataset (~1.5 s).
 */
export const gazetteerGeocoder: Geocoder = {
  id: `gazetteer:${gazetteerVersion()}`,
  cacheTtlMs: 30 * DAY_MS,
  search: async (query) => searchGazetteer(query),
};
